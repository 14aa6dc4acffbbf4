import { envelopeOf } from '@kontor/contracts';
import { jobIdParamsSchema, jobSchema } from '@kontor/contracts/domains/jobs';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Core } from '../../core.js';
import { AppError } from '../../http/app-error.js';
import { ok } from '../../http/reply.js';
import { contentDisposition } from '../../http/content-disposition.js';
import { JobsService } from './jobs.service.js';
import { JobRunner } from './runner.js';
import { routeDocs } from '../../http/route-config.js';

const authOf = (request: FastifyRequest) => {
  if (!request.auth) throw new AppError('NoPermission');
  return request.auth;
};

/** Background jobs (issue 2 §9): the caller's jobs, one job, cancel, result download. */
export function registerJobRoutes(app: FastifyInstance, core: Core): void {
  const service = new JobsService(core);
  core.jobs = service;
  const runner = new JobRunner(core);
  service.runner = runner;
  if (core.config.JOBS) app.addHook('onReady', () => runner.start());
  app.addHook('onClose', () => runner.stop());

  const r = app.withTypeProvider<ZodTypeProvider>();
  const route = routeDocs(['jobs']);
  r.get('/v0/jobs/', route({ access: 'user' }, 'My background jobs, newest first', { response: { 200: envelopeOf(z.array(jobSchema)) } }), async (request) =>
    ok(await service.list(authOf(request))),
  );
  r.get('/v0/jobs/:id', route({ access: 'user' }, 'One of my jobs', { params: jobIdParamsSchema }), async (request) =>
    ok(await service.get(authOf(request), request.params.id)),
  );
  r.post('/v0/jobs/:id/cancel', route({ access: 'user', idempotent: true }, 'Cancel a queued or running job', { params: jobIdParamsSchema }), async (request) =>
    ok(await service.cancel(authOf(request), request.params.id)),
  );
  r.get('/v0/jobs/:id/result', route({ access: 'user' }, 'Download the result file', { params: jobIdParamsSchema }), async (request, reply) => {
    const file = await service.resultFile(authOf(request), request.params.id);
    return reply
      .header('Content-Type', file.mime)
      .header('Content-Disposition', contentDisposition('attachment', file.name))
      .header('X-Content-Type-Options', 'nosniff')
      .header('Cache-Control', 'private, no-store')
      .send(file.data);
  });
}
