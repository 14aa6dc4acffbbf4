import {
  barcodeSheetSchema,
  boxLabelQuerySchema,
  compartmentLabelSchema,
  itemLabelSchema,
  logisticsLabelSchema,
  palletLabelQuerySchema,
} from '@kontor/contracts/domains/labels';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Core } from '../../core.js';
import { contentDisposition } from '../../http/content-disposition.js';
import { can, idParams, routeDocs } from '../../http/route-config.js';
import { labelServices, type PdfAnswer } from './index.js';

const route = routeDocs(['labels']);

/** A PDF answer, shown inline (the PDF viewer page and the browser's own viewer open it). */
const sendPdf = (reply: FastifyReply, answer: PdfAnswer) => {
  reply
    .header('Content-Type', 'application/pdf')
    .header('Content-Disposition', contentDisposition('inline', answer.fileName))
    .header('X-Content-Type-Options', 'nosniff')
    .header('Cache-Control', 'private, no-store');
  if (answer.language) reply.header('X-Label-Language', answer.language);
  return reply.send(answer.stream);
};

/** Issue 17 item 6: label PDFs for the two label tools and the box, pallet and item print views. */
export function registerLabelRoutes(app: FastifyInstance, core: Core): void {
  const labels = labelServices(core);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/v0/labels/barcodes',
    route({ access: { privilege: 'tools.labelMultiplePrint.view' } }, 'Barcode labels (symbology, values or a range, size, copies) as one PDF', {
      body: barcodeSheetSchema,
    }),
    async (req, reply) => sendPdf(reply, await labels.barcodeSheet(req.body)),
  );
  r.post(
    '/v0/labels/logistics',
    route(
      { access: { privilege: 'tools.commonLogisticsLabels.view' } },
      'Common logistics labels (fragile, this side up, heavy, do not stack, pallet, merchant) in en, cn or de',
      { body: logisticsLabelSchema },
    ),
    async (req, reply) => sendPdf(reply, await labels.logistics(req.auth!, req.body)),
  );
  r.get(
    '/v0/labels/box',
    route({ access: 'staff' }, 'Box labels of an order, each with a new SSCC (GS1-128)', { querystring: boxLabelQuerySchema }),
    async (req, reply) => sendPdf(reply, await labels.logisticUnits(req.auth!, 'box', req.query)),
  );
  r.get(
    '/v0/labels/pallet',
    route({ access: 'staff' }, 'Pallet labels of a loading, each with a new SSCC (GS1-128)', { querystring: palletLabelQuerySchema }),
    async (req, reply) => sendPdf(reply, await labels.logisticUnits(req.auth!, 'pallet', req.query)),
  );
  r.post(
    '/v0/labels/items',
    route({ access: { privilege: 'wms.item.list' } }, 'Item labels (SKU, EAN, name) of a list of items', { body: itemLabelSchema }),
    async (req, reply) => sendPdf(reply, await labels.itemLabels(req.auth!, req.body)),
  );
  r.get(
    '/v0/labels/orders/:id/packing-slip',
    route(can('p11y.labels.print'), "An order's packing slip (A4, the consignee's language)", { params: idParams }),
    async (req, reply) => sendPdf(reply, await labels.packingSlip(req.auth!, req.params.id)),
  );
  r.post(
    '/v0/labels/compartments',
    route({ access: { privilege: 'wms.compartment.list' } }, 'Compartment labels (code, Code 128, zone, priority) as one PDF', {
      body: compartmentLabelSchema,
    }),
    async (req, reply) => sendPdf(reply, await labels.compartmentLabels(req.body)),
  );
}
