import { printHistoryQuerySchema, printReportSchema, printSendSchema } from '@kontor/contracts/domains/printing';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParams, routeDocs } from '../../http/route-config.js';
import type { Core } from '../../core.js';
import { ok } from '../../http/reply.js';
import { printingServices } from './index.js';

const staff = { access: 'staff' as const };
const route = routeDocs(['print']);

/** Printing through print stations (docs/printing.md): the console's print buttons, the station page's calls. */
export function registerPrintingRoutes(app: FastifyInstance, core: Core): void {
  const { printing } = printingServices(core);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/v0/print',
    route(staff, "Print a document on the caller's print station (PrinterOffline when none is connected)", { body: printSendSchema }),
    async (req) => ok(await printing.send({ userId: req.auth!.userId, ...req.body })),
  );
  r.get('/v0/print/history', route(staff, 'The newest prints the caller sent or its station received', { querystring: printHistoryQuerySchema }), async (req) =>
    ok(await printing.history(req.auth!, req.query.l)),
  );
  r.post('/v0/print/history/:id/reprint', route(staff, 'Print a job of the history again on the station that printed it', { params: idParams }), async (req) =>
    ok(await printing.reprint(req.auth!, req.params.id)),
  );
  r.post(
    '/v0/print/history/:id/report',
    route(staff, 'The station reports a job printed or failed', { params: idParams, body: printReportSchema }),
    async (req) => ok(await printing.report(req.auth!, req.params.id, req.body)),
  );
  r.get('/v0/print/station', route(staff, "The caller's print station, its printers and which printer takes each kind"), async (req) =>
    ok(await printing.station(req.auth!)),
  );
}
