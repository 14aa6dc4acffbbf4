import { z } from 'zod';
import { adminResponses, authResponses } from './domains/admin-responses.js';
import { inboundResponses } from './domains/inbound-responses.js';
import { inventoryResponses } from './domains/inventory-responses.js';
import { outboundResponses } from './domains/outbound-responses.js';
import { plainResponses, platformResponses } from './domains/platform-responses.js';
import { returnsResponses } from './domains/returns-responses.js';
import { settingsResponses } from './domains/settings-responses.js';
import { ticketsResponses } from './domains/tickets-responses.js';
import { carriersResponses } from './domains/carriers-responses.js';
import { printingResponses } from './domains/printing-responses.js';
import { skuQcResponses } from './domains/sku-qc-responses.js';
import { pickingResponses } from './domains/picking-responses.js';
import { carrierGateResponses } from './domains/carrier-gate-responses.js';
import { packingResponses } from './domains/packing-responses.js';
import { shippingResponses } from './domains/shipping-responses.js';
import { manifestsResponses } from './domains/manifests-responses.js';
import { palletsResponses } from './domains/pallets-responses.js';
import { trackingResponses } from './domains/tracking-responses.js';

export { envelopeOf } from './envelope.js';

/**
 * THE response table (issue 16 item 5, docs/api-contracts.md): each JSON route, named `METHOD url` as
 * Fastify registers it, mapped to the schema of the `data` its OK envelope carries. The server attaches
 * `{200: envelopeOf(schema)}` to every route without a response schema in one onRoute hook
 * (apps/server/src/http/responses.ts), serialises answers with it, and fails a test whose answer the
 * schema would change. The generic record routes (resources/define.ts) derive theirs from each
 * declaration (responses/resources.ts); a route file may still declare its own `schema.response`.
 */
export const API_RESPONSES = {
  ...platformResponses,
  ...authResponses,
  ...adminResponses,
  ...settingsResponses,
  ...inventoryResponses,
  ...inboundResponses,
  ...returnsResponses,
  ...outboundResponses,
  ...skuQcResponses,
  ...shippingResponses,
  ...trackingResponses,
  ...ticketsResponses,
  ...carriersResponses,
  ...printingResponses,
  ...pickingResponses,
  ...carrierGateResponses,
  ...packingResponses,
  ...palletsResponses,
  ...manifestsResponses,
} satisfies Record<string, z.ZodType>;
export type ApiRouteKey = keyof typeof API_RESPONSES;

/** The data a route answers with, as clients receive it: `ApiData<'GET /v0/version/'>`. */
export type ApiData<K extends ApiRouteKey> = z.infer<(typeof API_RESPONSES)[K]>;

/** Routes that answer JSON without the envelope (OAuth2's token endpoint), with a schema per HTTP status. */
export const PLAIN_RESPONSES: Record<string, Record<number, z.ZodType>> = plainResponses;

/**
 * Routes that answer a file, not an envelope (downloads, XLSX, CSV, PDF): exempt from the table.
 * Their refusals are still envelopes (http/error-handler.ts).
 */
export const BINARY_ROUTES = [
  'GET /v0/static/:id',
  'GET /v0/jobs/:id/result',
  'GET /v0/outbound/import/template',
  'GET /v0/outbound/export.xlsx',
  'GET /v0/r7gorders/export.xlsx',
  'GET /v0/labels/merged.pdf',
  'POST /v0/labels/barcodes',
  'POST /v0/labels/logistics',
  'GET /v0/labels/box',
  'GET /v0/labels/pallet',
  'POST /v0/labels/items',
  'GET /v0/labels/orders/:id/packing-slip',
  'GET /v0/picking/picklists/:id/pdf',
  'POST /v0/labels/compartments',
  'GET /v0/gate/shipments/:id/label.pdf',
  'GET /v0/carriergate/shipments/:id/label.pdf',
  'GET /v0/carriergate/bills/:id/bill.csv',
  'GET /v0/carriergate/bills/:id/bill.pdf',
  'GET /v0/wms/pallets/:palletCode/pdf',
  'GET /v0/wms/pallets/:palletCode/handover.pdf',
  'GET /v0/wms/manifests/:id/manifest.pdf',
  'GET /v0/wms/manifests/:id/manifest.csv',
  'GET /v0/wms/manifests/activity.csv',
] as const;
