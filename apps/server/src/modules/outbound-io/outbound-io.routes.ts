import { orderExportQuerySchema, orderImportSchema, orderTemplateQuerySchema, ORDER_EXPORT_JOB } from '@kontor/contracts/domains/outbound-io';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PassThrough } from 'node:stream';
import type { Core } from '../../core.js';

import { AppError } from '../../http/app-error.js';
import { sendFile } from '../../http/send-file.js';
import { ok } from '../../http/reply.js';
import { INVENTORY_RESOURCES } from '../inventory/index.js';
import { ResourceService } from '../resources/index.js';
import { EXPORT_TEXTS, say } from './export-texts.js';
import { exportFileName, exportRequest, XLSX } from './order-export.js';
import { orderTemplate } from './order-template.js';
import { outboundIoServices } from './index.js';
import { can, canRetry, routeDocs } from '../../http/route-config.js';
import { TenantScope } from '../../db/tenant-scope.js';

const route = routeDocs(['outbound']);
const TEMPLATE_SKUS = 500;

/** Issue 7 §6: the order import (template, upload → job) and the order export (direct up to a limit, else a job). */
export function registerOutboundIoRoutes(app: FastifyInstance, core: Core): void {
  const { importer, lists, writeExport } = outboundIoServices(core);
  const items = new ResourceService(
    core,
    INVENTORY_RESOURCES.find((d) => d.name === 'item')!,
  );
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/v0/outbound/import/template',
    route(can('p11y.orders.import'), 'The order import template (xlsx or csv) with an example row', { querystring: orderTemplateQuerySchema }),
    async (req, reply) => {
      const scope = TenantScope.of(req.auth!);
      const merchantId = scope.merchantId ?? req.query.merchantId;
      const hint = merchantId ? (await items.listScoped(TenantScope.merchant(merchantId), { l: TEMPLATE_SKUS, s: 'sku', d: 'asc' })).data : [];
      const data = await orderTemplate(
        req.query.format,
        req.locale,
        hint.map((i) => ({ sku: String(i.sku), name: String(i.name) })),
      );
      const mime = req.query.format === 'csv' ? 'text/csv; charset=utf-8' : XLSX;
      return sendFile(reply, { mime, name: `order-import-template.${req.query.format}`, data }, 'attachment');
    },
  );
  r.post(
    '/v0/outbound/import',
    route(canRetry('p11y.orders.import'), 'Import orders from an uploaded XLSX or CSV file (background job with an error report)', { body: orderImportSchema }),
    async (req) => ok(await importer.enqueue(core, req.auth!, req.body, req.locale)),
  );

  r.get(
    '/v0/outbound/export.xlsx',
    route(can('tools.outboundExport.view'), "An order list's filter as XLSX (view, filters, tz), up to EXPORT_DIRECT_LIMIT orders", {
      querystring: orderExportQuerySchema,
    }),
    async (req, reply) => {
      const limit = core.config.EXPORT_DIRECT_LIMIT;
      const { request, total } = await exportRequest(lists, req.auth!, req.query, req.locale);
      if (total > limit) throw new AppError('ToFront', { detail: say(EXPORT_TEXTS.tooMany, req.locale, { limit }), extra: { background: true, limit, total } });
      const out = new PassThrough();
      writeExport(out, request).catch((err: unknown) => {
        req.log.error({ err }, 'order export failed while streaming');
        out.destroy(err instanceof Error ? err : new Error(String(err)));
      });
      return sendFile(reply, { mime: XLSX, name: exportFileName(request), data: out }, 'attachment');
    },
  );
  r.post(
    '/v0/outbound/export.xlsx',
    route(canRetry('tools.outboundExportTask.view'), 'The same export by a background job; answers the job', { body: orderExportQuerySchema }),
    async (req) => {
      const auth = req.auth!;
      const { request, total } = await exportRequest(lists, auth, req.body, req.locale);
      return ok(await core.jobs!.enqueue(ORDER_EXPORT_JOB, { request, total }, { userId: auth.userId, merchantId: auth.merchantId }));
    },
  );
  r.get('/v0/outbound/export/jobs', route(can('tools.outboundExportTask.view'), "The user's order export jobs, newest first, with their files"), async (req) =>
    ok(await core.jobs!.list(req.auth!, ORDER_EXPORT_JOB, 100)),
  );
}
