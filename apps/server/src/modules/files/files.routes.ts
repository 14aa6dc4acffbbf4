import multipart from '@fastify/multipart';
import { pageQuerySchema } from '@kontor/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Core } from '../../core.js';
import { AppError, ruleError } from '../../http/app-error.js';
import { contentDisposition } from '../../http/content-disposition.js';
import { ok } from '../../http/reply.js';
import { FilesService } from './files.service.js';

const kindParams = z.strictObject({ kind: z.enum(['avatar', 'image', 'intern']) });
const idParams = z.strictObject({ id: z.string().regex(/^[a-f0-9]{32}$/) });

/** Uploads (`POST /v0/statics/upload/{avatar,image,intern}`, field `upload`) and `GET /v0/static/{id}`. */
export function registerFileRoutes(app: FastifyInstance, core: Core): void {
  const service = new FilesService(core);
  const maxBytes = Math.floor(core.config.UPLOAD_MAX_MB * 1024 * 1024);

  void app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: maxBytes, files: 1, fields: 5, parts: 6 }, throwFileSizeLimit: true });
    const r = scope.withTypeProvider<ZodTypeProvider>();
    r.post(
      '/v0/statics/upload/:kind',
      { config: { access: 'user' }, schema: { tags: ['files'], summary: 'Upload one file (multipart field upload)', params: kindParams } },
      async (request) => {
        if (!request.isMultipart()) throw new AppError('IntegrityError', { fields: [ruleError('upload', 'required')] });
        const part = await request.file();
        if (!part || part.fieldname !== 'upload') throw new AppError('IntegrityError', { fields: [ruleError('upload', 'required')] });
        const data = await part.toBuffer();
        return ok(await service.upload(request.auth!, request.params.kind, part.filename, data));
      },
    );
  });

  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/v0/files/',
    {
      config: { access: { privilege: 'sys.files.list' } },
      schema: {
        tags: ['files'],
        summary: 'Uploaded files, newest first (l, o, q, kind)',
        querystring: pageQuerySchema.extend({ kind: z.enum(['avatar', 'image', 'intern']).optional() }),
      },
    },
    async (request) => ok(await service.list(request.auth!, request.query)),
  );
  r.delete(
    '/v0/files/:id',
    { config: { access: { privilege: 'sys.files.delete' }, idempotent: true }, schema: { tags: ['files'], params: idParams } },
    async (request) => {
      await service.remove(request.auth!, request.params.id);
      return ok(null);
    },
  );
  r.get(
    '/v0/static/:id',
    { config: { access: 'user' }, schema: { tags: ['files'], summary: 'A stored file (token may be the x_token parameter)', params: idParams } },
    async (request, reply) => {
      const file = await service.read(request.auth!, request.params.id);
      const inline = file.mime.startsWith('image/') || file.mime === 'application/pdf';
      return reply
        .header('Content-Type', file.mime)
        .header('Content-Disposition', contentDisposition(inline ? 'inline' : 'attachment', file.name))
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Security-Policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox")
        .header('Cache-Control', 'private, max-age=86400')
        .send(file.data);
    },
  );
}
