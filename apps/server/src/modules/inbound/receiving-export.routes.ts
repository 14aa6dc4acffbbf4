import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PassThrough } from 'node:stream';
import { z } from 'zod';
import type { Core } from '../../core.js';

import { contentDisposition } from '../../http/content-disposition.js';
import { ok } from '../../http/reply.js';
import { fileName, RECEIVING_EXPORT_JOB, registerReceivingExportJob } from './receiving-export.job.js';
import { parsePeriod } from './receiving-export.period.js';
import { DIRECT_LIMIT, ensureDirectExport } from './receiving-export.service.js';
import { writeReceivingExport, XLSX } from './receiving-export.xlsx.js';
import { TenantScope } from '../../db/tenant-scope.js';
import { routeDocs } from '../../http/route-config.js';

const PRIVILEGE = 'tools.receivingExport.view';

/** What the routes take: plain strings, checked by `parsePeriod` so every refusal names its field in the user's language. */
const periodInput = z.strictObject({ from: z.string().max(40).optional(), to: z.string().max(40).optional() });
const periodQuery = periodInput.extend({ x_token: z.string().max(200).optional() });

/** `/tools/receivingExport` (issue 6 §8): receivings of a period to XLSX, directly when small, else as a background job. */
export function registerReceivingExport(app: FastifyInstance, core: Core): void {
  registerReceivingExportJob();
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { access: { privilege: PRIVILEGE } };
  const tags = ['inbound'];
  const route = routeDocs(tags);

  r.get(
    '/v0/r7gorders/export.xlsx',
    { config, schema: { tags, summary: `Receivings of a period (from, to) as XLSX, up to ${DIRECT_LIMIT} rows`, querystring: periodQuery } },
    async (req, reply) => {
      const period = parsePeriod(req.query);
      const scope = TenantScope.of(req.auth!);
      await ensureDirectExport(core.db, period, scope, req.locale);
      const out = new PassThrough();
      writeReceivingExport(core.db, out, { period, scope, locale: req.locale }).catch((err: unknown) => {
        req.log.error({ err }, 'receiving export failed while streaming');
        out.destroy(err instanceof Error ? err : new Error(String(err)));
      });
      return reply
        .header('Content-Type', XLSX)
        .header('Content-Disposition', contentDisposition('attachment', fileName(period, req.locale)))
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'private, no-store')
        .send(out);
    },
  );
  r.post(
    '/v0/r7gorders/export.xlsx',
    route({ ...config, idempotent: true }, 'Receivings of a period as XLSX by a background job; answers the job', { body: periodInput }),
    async (req) => {
      const period = parsePeriod(req.body);
      const auth = req.auth!;
      return ok(
        await core.jobs!.enqueue(
          RECEIVING_EXPORT_JOB,
          { ...period, merchantScope: TenantScope.of(auth).merchantId, locale: req.locale },
          { userId: auth.userId, merchantId: auth.merchantId },
        ),
      );
    },
  );
}
