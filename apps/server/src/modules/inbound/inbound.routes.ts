import {
  containerStatusSchema,
  inboundOrderCreateSchema,
  inboundOrderUpdateSchema,
  inboundStatusSchema,
  putawaySchema,
  receivingCompleteSchema,
  receivingScanSchema,
  scanLogQuerySchema,
} from '@kontor/contracts/domains/inbound';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Core } from '../../core.js';
import { ok } from '../../http/reply.js';
import { changeContainerStatus } from './container.service.js';
import { inboundServices } from './index.js';
import { registerReceivingExport } from './receiving-export.routes.js';
import { can, canRetry, dbId, idParams, routeDocs } from '../../http/route-config.js';

const anyQuery = z.strictObject({ q: z.string().trim().min(1).max(100) });
const route = routeDocs(['inbound']);

/** Inbound orders, receiving, putaway, the inbound logging scan and container status (issue 6). */
export function registerInboundRoutes(app: FastifyInstance, core: Core): void {
  const { orders, desk } = inboundServices(core);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/v0/r7gorders/any',
    route(can('r7g.orders.list'), 'Inbound order by number, box or pallet label, or tracking number', { querystring: anyQuery }),
    async (req) => ok(await orders.any(req.auth!, req.query.q)),
  );
  // Whoever may announce deliveries chooses the warehouse, without the warehouse screens' privilege.
  r.get('/v0/warehouses/opts', route(can('r7g.orders.list'), 'Warehouses to deliver to: id, code, name'), async () => ok(await orders.warehouseOptions()));
  r.get(
    '/v0/r7gorders/scanLog',
    route(can('wms.loggingScan.view'), 'Logging scan, inbound variant (facts §3.4)', { querystring: scanLogQuerySchema }),
    async (req) => ok(await orders.scanLog(req.auth!, req.query.id, req.query.q)),
  );
  r.get('/v0/r7gorders/:id/detail', route(can('r7g.orders.list'), 'Order, lines, scans and staging stock', { params: idParams }), async (req) =>
    ok(await orders.detail(req.auth!, req.params.id)),
  );
  r.post('/v0/r7gorders/', route(canRetry('r7g.orders.edit'), 'Announce an inbound order', { body: inboundOrderCreateSchema }), async (req) =>
    ok(await orders.create(req.auth!, req.body)),
  );
  r.put('/v0/r7gorders/:id', route(canRetry('r7g.orders.edit'), 'Change an inbound order', { params: idParams, body: inboundOrderUpdateSchema }), async (req) =>
    ok(await orders.update(req.auth!, req.params.id, req.body)),
  );
  r.post(
    '/v0/r7gorders/:id/status',
    route(canRetry('r7g.orders.edit'), 'In transit, receipt pending or canceled', { params: idParams, body: inboundStatusSchema }),
    async (req) => ok(await orders.changeStatus(req.auth!, req.params.id, req.body)),
  );

  r.post(
    '/v0/r7gorders/:id/scan',
    route({ ...can('r7g.receiving.edit'), idempotent: true }, 'Count a scanned item (Idempotency-Key honoured)', {
      params: idParams,
      body: receivingScanSchema,
    }),
    async (req) => ok(await desk.scan(req.auth!, req.params.id, req.body)),
  );
  r.delete(
    '/v0/r7gorders/:id/scans/:scanId',
    route({ ...can('r7g.receiving.edit'), idempotent: true }, 'Undo a scan not yet booked', { params: z.strictObject({ id: dbId, scanId: dbId }) }),
    async (req) => ok(await desk.undo(req.auth!, req.params.id, req.params.scanId)),
  );
  r.post(
    '/v0/r7gorders/:id/complete',
    route({ ...can('r7g.receiving.edit'), idempotent: true }, 'Book the open scans into staging', { params: idParams, body: receivingCompleteSchema }),
    async (req) => ok(await desk.complete(req.auth!, req.params.id, req.body.final)),
  );
  r.post(
    '/v0/r7gorders/:id/putaway',
    route({ ...can('r7g.receiving.edit'), idempotent: true }, 'Move received goods from staging into a compartment', { params: idParams, body: putawaySchema }),
    async (req) => ok(await desk.putaway(req.auth!, req.params.id, req.body)),
  );

  r.post(
    '/v0/c7rorders/:id/status',
    route(canRetry('c7r.orders.edit'), 'In transit, arrived (its orders become receipt pending), unloaded, canceled', {
      params: idParams,
      body: containerStatusSchema,
    }),
    async (req) => ok(await changeContainerStatus(core, req.auth!, req.params.id, req.body)),
  );
  registerReceivingExport(app, core);
}
