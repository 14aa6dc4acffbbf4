import { io as connect, type Socket } from 'socket.io-client';
import { PRIVILEGES } from '@kontor/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerText } from './helpers/answer-text.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { seedTenantA, type IdKind, type TenantA } from './helpers/tenant-fixture.js';
import { orderBody } from './helpers/orders.js';

/**
 * The cross-tenant suite (issue 15, docs/testing.md "Cross-tenant suite"): generated from the live
 * route table. Merchant A's records of every kind are made through the API; then merchant B, and a
 * carrier-gate user who serves no merchant, call every route: each route with path ids with each of
 * A's ids, each route that takes A's records in its query or body with them, each list and export
 * as it stands. Every answer must refuse (NotFound, NoPermission) or hold nothing of A (JSON, CSV,
 * XLSX and PDF text, export job results), A's records must be as before, and the intruders' sockets
 * hear nothing about A while A's records change. A route the suite cannot classify fails the test.
 */

type Probe = { method: string; url: string; payload?: unknown; accept?: string[]; kinds?: IdKind[] };
const REFUSED = ['NotFound', 'NoPermission'];
/** A's record looked up by its code answers "not found" in the domain's words. */
const NOT_FOUND_BY_CODE = [...REFUSED, 'ItemNotFound', 'CompartmentNotFound', 'OrderNotFound'];

/** Path prefixes whose `:id` is a merchant's record, and the kind of A's ids to put there. */
const ID_PREFIXES: Array<[string, IdKind]> = [
  ['/v0/items/', 'item'],
  ['/v0/stock/', 'stock'],
  ['/v0/inventorylog/', 'log'],
  ['/v0/shippinglog/', 'shipLog'],
  ['/v0/munits/', 'unit'],
  ['/v0/r7gorders/', 'inbound'],
  ['/v0/outbound/orders/', 'outbound'],
  ['/v0/tickets/', 'ticket'],
  ['/v0/files/', 'file'],
  ['/v0/static/', 'file'],
  ['/v0/jobs/', 'job'],
  ['/v0/stocktakes/', 'stocktake'],
  ['/v0/users/', 'user'],
  ['/v0/merchants/', 'merchant'],
  ['/v0/oauth2/clients/', 'oauthClient'],
  ['/v0/carriers/orders/', 'outbound'],
  ['/v0/labels/orders/', 'outbound'],
  ['/v0/carriers/labels/', 'label'],
  ['/v0/packing/orders/', 'outbound'],
  ['/v0/packing/log/', 'packLog'],
  ['/v0/packing/ef/orders/', 'outbound'],
  ['/v0/packing/merchant-rules/', 'merchant'],
];
/** Other path parameters and what they name. */
const PARAM_KINDS: Record<string, IdKind> = { scanId: 'scan', orderId: 'outbound' };

/**
 * Shared records, no merchant's: their id routes are not walked with A's ids (their lists still are,
 * for A's texts). Each with the reason.
 */
const SHARED_PREFIXES: Record<string, string> = {
  '/v0/lookup/': 'lookup values of the whole company',
  '/v0/settings/': 'company settings (their readability is its own item of issue 15)',
  '/v0/tax/': 'tax rates',
  '/v0/printers/': 'printers of the warehouse',
  '/v0/announcements/': 'announcements to roles',
  '/v0/classes/': 'work classes',
  '/v0/duties/': 'duties',
  '/v0/warehouses/': 'warehouses',
  '/v0/compartments/': 'compartments of the warehouse',
  '/v0/c7rorders/': 'containers carry several merchants\u2019 orders; staff only',
  '/v0/roles/': 'roles',
  '/v0/masken/': 'mask definitions',
  '/v0/carriers/accounts/': 'carrier accounts of the company; sessions bound to a merchant are refused',
  '/v0/carriers/rules/': 'carrier rules of the company; sessions bound to a merchant are refused',
  '/v0/print/': "print jobs: staff only, each readable by its sender and its station, no merchant's",
  '/v0/picking/picklists/': 'picklists are the warehouse\u2019s: merchant users are refused (docs/picking.md)',
  '/v0/picking/presets/': 'picklist creation rules of the warehouse; staff only',
  '/v0/packing/batch/': 'the batch table works on a picklist (its id): the warehouse\u2019s, merchant users are refused (docs/packing.md)',
  '/v0/carriergate/':
    'carrier gate users, keys, shipments and bills: the company\u2019s own customers, no merchant\u2019s; sessions bound to a merchant are refused',
  '/v0/gate/':
    'the carrier gate API: authenticated by a gate user\u2019s API key, never by a session (a session alone is ApiKeyInvalid); no merchant\u2019s record',
  '/v0/wms/pallets/': 'loading configs (pallets) are the warehouse\u2019s: merchant users are refused (docs/loading.md)',
  '/v0/wms/manifests/': 'end-of-day manifests mix merchants like the pallets they list: merchant users are refused (docs/manifests.md)',
};

/** Mutating routes without ids that touch no merchant's record, each with the reason. */
const NO_TENANT_DATA: Record<string, string> = {
  'GET /v0/auth/logout': "ends the caller's own session",
  'GET /v0/auth/refresh': "renews the caller's own token",
  'POST /v0/auth/login': 'signs in',
  'POST /v0/auth/_ci': 'asks whether the login environment is trusted',
  'POST /v0/auth/resetPassword': 'mails a reset link to an address',
  'PUT /v0/auth/resetPassword': 'sets a password with a reset link',
  'PUT /v0/auth/chpasswd': "changes the caller's own password",
  'PUT /v0/auth/__subId': "narrows the caller's own session (staff only)",
  'PUT /v0/auth/role': "narrows the caller's own session to a role",
  'POST /v0/oauth2/token': 'issues a token to a client by its credentials',
  'POST /v0/carriers/webhooks/:carrier':
    'a carrier’s push, proven by its signature, never by a session: it answers counts only and moves the orders carrying the pushed numbers',
  'POST /v0/statics/upload/:kind': "stores the caller's own file (reading another's is walked under /v0/static/:id)",
  'POST /v0/roles/': 'a role is shared',
  'PUT /v0/lookup/': "remembers the caller's own screen memory",
  'POST /v0/carriers/accounts': 'carrier accounts are the company\u2019s; sessions bound to a merchant are refused',
  'POST /v0/labels/barcodes': 'prints the values the caller sends as barcodes; reads no record',
  'POST /v0/labels/compartments': 'labels of compartments: the warehouse\u2019s shelves, no merchant\u2019s record',
  'POST /v0/print': "staff only: sends a path on Kontor to the caller's own print station",
};

// The receiving export counts the warehouse's days (Europe/Berlin in the demo), not UTC's.
const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(new Date());

/** Calls that take A's records in their query or body, with what they must answer. */
function bodyProbes(a: TenantA): Record<string, Probe[]> {
  const { sku, unit, inboundUnid, outboundUnid, ref, shipSN, imageUrl } = a.codes;
  const [item] = a.ids.item as number[];
  const [inbound] = a.ids.inbound as number[];
  const [outbound] = a.ids.outbound as number[];
  const [ret] = a.ids.return as number[];
  const [doc] = a.ids.file as string[];
  const any = (url: string, accept = [...REFUSED, 'OK']): Probe[] => [{ method: 'GET', url, accept }];
  const post = (url: string, payload: unknown, accept = NOT_FOUND_BY_CODE, method = 'POST'): Probe[] => [{ method, url, payload, accept }];
  return {
    'GET /v0/item/any': any(`/v0/item/any?q=${sku}`),
    'GET /v0/munits/any': any(`/v0/munits/any?q=${unit}`),
    'GET /v0/r7gorders/any': any(`/v0/r7gorders/any?q=${inboundUnid}`),
    'GET /v0/r7gorders/scanLog': any(`/v0/r7gorders/scanLog?id=${inbound}&q=${sku}`),
    'GET /v0/p11yorders/': any(`/v0/p11yorders/?q=${outbound}`, REFUSED),
    'GET /v0/p11yorders/list': any(`/v0/p11yorders/list?q=${ref}`),
    'GET /v0/p11yorders/outOfStock': any(`/v0/p11yorders/outOfStock?q=${outbound}`, REFUSED),
    'GET /v0/p11yorders/scanLog': any(`/v0/p11yorders/scanLog?id=${outbound}&q=${ref}`),
    // SKU QC, serials and the SN swap: A's order by id or by number is "order not found", A's SKU unknown.
    'GET /v0/p11yorders/scanItemSKUQC': [
      ...any(`/v0/p11yorders/scanItemSKUQC?id=${outbound}&q=`, NOT_FOUND_BY_CODE),
      ...any(`/v0/p11yorders/scanItemSKUQC?id=${outbound}&q=${sku}`, NOT_FOUND_BY_CODE),
      ...any(`/v0/p11yorders/scanItemSKUQC?id=0&q=${outboundUnid}`, NOT_FOUND_BY_CODE),
    ],
    // The shipping scan: A's order number or tracking number is "order not found" and changes nothing.
    'GET /v0/p11yorders/scanShipSN': [
      ...any(`/v0/p11yorders/scanShipSN?q=${outboundUnid}`, NOT_FOUND_BY_CODE),
      ...any(`/v0/p11yorders/scanShipSN?q=${ref}`, NOT_FOUND_BY_CODE),
    ],
    'GET /v0/p11yorders/scanItemSN': any(`/v0/p11yorders/scanItemSN?id=${outbound}&itemID=${sku}&q=SN${outbound}`, NOT_FOUND_BY_CODE),
    'GET /v0/p11yorders/swapSN': [
      ...any(`/v0/p11yorders/swapSN?id=0&q=${outboundUnid}`, NOT_FOUND_BY_CODE),
      ...any(`/v0/p11yorders/swapSN?id=${outbound}&q=SN-X1`, NOT_FOUND_BY_CODE),
    ],
    'GET /v0/r7greceiving/': any(`/v0/r7greceiving/?q=${ret}`, REFUSED),
    // A's returns by A's customer code (agentGUID): nothing of A.
    'GET /v0/r7greceiving/list': [...any(`/v0/r7greceiving/list?q=${shipSN}`), ...any('/v0/r7greceiving/list?agentGUID=C001')],
    'GET /v0/audit/': any(`/v0/audit/?entity=item&entityId=${item}`, REFUSED),
    'GET /v0/inventory/list': any(`/v0/inventory/list?q=${sku}`),
    'GET /v0/stock/groups': any(`/v0/stock/groups?by=item&q=${sku}`),
    'GET /v0/outbound/import/template': [...any(`/v0/outbound/import/template?merchantId=${a.merchantId}`), ...any('/v0/outbound/import/template?format=csv')],
    'GET /v0/r7gorders/export.xlsx': any(`/v0/r7gorders/export.xlsx?from=${today}&to=${today}`),
    'POST /v0/r7gorders/export.xlsx': post('/v0/r7gorders/export.xlsx', { from: today, to: today }, [...REFUSED, 'OK']),
    'GET /v0/outbound/export.xlsx': any('/v0/outbound/export.xlsx?view=orders'),
    'POST /v0/outbound/export.xlsx': post('/v0/outbound/export.xlsx', { view: 'orders' }, [...REFUSED, 'OK']),
    'GET /v0/settings/config': any('/v0/settings/config?q=sys:merchant'),
    'POST /v0/inventory/adjust': post('/v0/inventory/adjust', { item: sku, compartment: 'C-12-01', delta: -1, reasonCode: 'damaged' }),
    'POST /v0/inventory/move': post('/v0/inventory/move', { item: sku, compartment: 'C-12-01', quantity: 1, toCompartment: 'C-11-01' }),
    'POST /v0/inventory/status': post('/v0/inventory/status', { item: sku, compartment: 'C-12-01', quantity: 1, toStatus: 0 }),
    'POST /v0/inventory/reserve': post('/v0/inventory/reserve', { itemId: item, quantity: 1, ref: { type: 'order', id: 'XT' } }),
    // Releasing by A's reference releases nothing of A (A's records are compared after the walk).
    'POST /v0/inventory/release': post('/v0/inventory/release', { ref: { type: 'outbound', id: String(outbound) } }, [...NOT_FOUND_BY_CODE, 'OK']),
    'POST /v0/munits/pack': post('/v0/munits/pack', { unit, item: sku, quantity: 1 }),
    'POST /v0/munits/unpack': post('/v0/munits/unpack', { unit }),
    'POST /v0/munits/move': post('/v0/munits/move', { unit, toCompartment: 'C-11-01' }),
    'POST /v0/munits/': post('/v0/munits/', { code: 'XT-INTRUDER', kind: 'box', compartmentId: 1, merchantId: a.merchantId }),
    'POST /v0/items/': post('/v0/items/', { sku: 'XT-INTRUDER', name: 'intruder', merchantId: a.merchantId }),
    'POST /v0/items/import': post('/v0/items/import', { fileId: doc }),
    'POST /v0/outbound/import': post('/v0/outbound/import', { fileId: doc }),
    'POST /v0/stocktakes/': post('/v0/stocktakes/', { warehouseId: 1, compartmentIds: [1] }),
    'POST /v0/r7gorders/': post('/v0/r7gorders/', { warehouseId: 1, lines: [{ sku, planned: 1 }] }),
    'POST /v0/outbound/orders': post(
      '/v0/outbound/orders',
      orderBody({ consignee: { name1: 'Intruder', streetName: 'Weg', streetNumber: '1' }, lines: [{ sku, quantity: 1 }] }),
    ),
    // Each order answers on its own: every one of A's is refused, nothing of A is named.
    'POST /v0/outbound/orders/bulk': post('/v0/outbound/orders/bulk', { ids: [outbound], action: 'hold' }, [...REFUSED, 'OK']),
    'POST /v0/tickets/': post('/v0/tickets/', { orderId: outbound, subject: 'intruder', message: 'intruder' }),
    // A merchant's own return: the customer it names is ignored, the return is the caller's (A is unchanged).
    'POST /v0/r7greceiving/': post('/v0/r7greceiving/', { shipSN: 'XT-INTRUDER-1', agentGUID: 'C001' }, [...REFUSED, 'OK']),
    'PUT /v0/r7greceiving/': post('/v0/r7greceiving/', { id: ret, note: 'intruder' }, REFUSED, 'PUT'),
    'POST /v0/r7greceiving/inbound': post('/v0/r7greceiving/inbound', { id: ret, items: '[]' }, REFUSED),
    'POST /v0/r7greceiving/cancel': post('/v0/r7greceiving/cancel', { id: ret }, REFUSED),
    // Another tenant's picture as the caller's avatar is refused at its field (issue 15 item 6).
    'PUT /v0/auth/profile': post('/v0/auth/profile', { avatar: imageUrl }, ['IntegrityError'], 'PUT'),
    'POST /v0/users/': post('/v0/users/', { account: 'xt-intruder@demo.local', name: 'x', type: 10, merchantId: a.merchantId, password: 'Intruder-123' }),
    'POST /v0/merchants/': post('/v0/merchants/', { code: 'XT9', name: 'intruder' }),
    'POST /v0/oauth2/clients/': post('/v0/oauth2/clients/', { name: 'intruder', scopes: ['wms.item.list'], merchantId: a.merchantId }),
    'POST /v0/masken/reset': post('/v0/masken/reset', { name: 'item', version: 1 }),
    'PUT /v0/masken/': post('/v0/masken/', { name: 'item', mask: {}, version: 1 }, [...REFUSED, 'IntegrityError'], 'PUT'),
    'POST /v0/mail/outbox/export': post('/v0/mail/outbox/export', undefined, [...REFUSED, 'OK']),
    // Carrier gate (issue 17): A's orders by id and by number, A's label in the merged PDF and the queue retry.
    'POST /v0/order/batchPrintLabel': [
      ...post('/v0/order/batchPrintLabel', [{ id: outbound }], REFUSED),
      ...post('/v0/order/batchPrintLabel', [{ UNID: a.codes.outboundUnid }], REFUSED),
    ],
    'POST /v0/order/printShipmentLabelAtScan': post('/v0/order/printShipmentLabelAtScan', [{ id: outbound, packServices: [] }], REFUSED),
    'POST /v0/carriers/queue/retry': post('/v0/carriers/queue/retry', { orderIds: [outbound] }, REFUSED),
    // The carrier lists' labels of A's orders answer nothing of A (an empty list) or are refused.
    'GET /v0/carriers/labels': any(`/v0/carriers/labels?orderIds=${(a.ids.outbound as number[]).join(',')}`),
    'GET /v0/labels/merged.pdf': any(`/v0/labels/merged.pdf?files=[${(a.ids.label as number[]).join(',')}]`, REFUSED),
    // Another tenant's tracking number gets a plain SN label of the text asked, not A's carrier label.
    'GET /v0/utils/labelSNBase64': any(`/v0/utils/labelSNBase64?q=${a.markers[0]}-TRK`, ['OK']),
    'POST /v0/carriers/rules': post('/v0/carriers/rules', { merchantId: a.merchantId, orderCarrier: 'DHL', accountId: 1 }, REFUSED),
    // A merchant user's logistics label names the user's own merchant whatever merchantId says.
    'POST /v0/labels/logistics': post('/v0/labels/logistics', { kind: 'merchant', merchantId: a.merchantId }, [...REFUSED, 'OK']),
    // A's item ids answer the same field error (ids: unknownRecord) as ids that do not exist.
    'POST /v0/labels/items': post('/v0/labels/items', { ids: [item] }, [...REFUSED, 'IntegrityError']),
    // Picklists (issue 18): warehouse documents, refused to merchant users whatever their role holds.
    'GET /v0/p11y/pick/': any('/v0/p11y/pick/?q=1', REFUSED),
    'GET /v0/p11y/pick/any': any('/v0/p11y/pick/any?q=PL20260002', REFUSED),
    'GET /v0/picking/item': any(`/v0/picking/item?q=${sku}`, REFUSED),
    'PUT /v0/p11y/pick/': post('/v0/p11y/pick/', { id: 1, itemQtyPicked: 1 }, REFUSED, 'PUT'),
    'POST /v0/picking/picklists': post('/v0/picking/picklists', { rules: { merchantId: a.merchantId, maxLists: 0 } }, REFUSED),
    'POST /v0/picking/presets': post('/v0/picking/presets', { name: 'xt-intruder', rules: {} }, REFUSED),
    // The single-item station finds items by code within the caller's merchant: A's SKU is not found.
    'POST /v0/packing/single/scan': post('/v0/packing/single/scan', { code: sku }, [...NOT_FOUND_BY_CODE, 'NoOrderToPack']),
    // Pre-packing (issue 18 item 5): staff only; A's merchant and A's order are refused to a merchant session.
    'POST /v0/packing/pre/parcels': post('/v0/packing/pre/parcels', { key: `${sku}:1:DE`, merchantId: a.merchantId, count: 1 }, REFUSED),
    'POST /v0/packing/pre/assign': post('/v0/packing/pre/assign', { order: String((a.ids.outbound as number[])[0]) }, REFUSED),
    // The merchant-specific station finds orders within the caller's scope; the packing view by reference
    // answers the caller's own orders only (nothing of A).
    'GET /v0/packing/ef/find': [
      ...any(`/v0/packing/ef/find?q=${outboundUnid}`, NOT_FOUND_BY_CODE),
      ...any(`/v0/packing/ef/find?q=${outbound}`, NOT_FOUND_BY_CODE),
    ],
    'GET /v0/packing/ref': [...any(`/v0/packing/ref?q=${ref}`), ...any(`/v0/packing/ref?q=${outboundUnid}`)],
    // Loading: A's parcel scanned onto the demo pallet, a config made, a scan of A's tracking number.
    'POST /v0/wms/pallets': post('/v0/wms/pallets', { pickupCarrier: 'xt-intruder' }, REFUSED),
    'POST /v0/wms/pallets/handover/scan': post('/v0/wms/pallets/handover/scan', { scan: shipSN }, REFUSED),
    'POST /v0/wms/pallets/:palletCode/tracking/flush': post(
      '/v0/wms/pallets/LD20260001/tracking/flush',
      { reason: 'scan', items: [{ trackingNo: shipSN }] },
      REFUSED,
    ),
    // End-of-day manifests list every merchant's handed-over parcels: merchant users are refused.
    'POST /v0/wms/manifests/close': post('/v0/wms/manifests/close', { day: '2026-01-02', accountKey: 'carrier:dhl' }, REFUSED),
    'POST /v0/wms/manifests/flagLate': post('/v0/wms/manifests/flagLate', {}, REFUSED),
    // A poll round now (the home floor's walk): staff only; a merchant session is refused, whatever its privileges.
    'POST /v0/outbound/tracking/poll': post('/v0/outbound/tracking/poll', {}, REFUSED),
  };
}

/** Bodies for routes with A's ids in the path, plausible enough to reach the tenant check. */
function pathBodies(a: TenantA): Record<string, unknown> {
  const [item] = a.ids.item as number[];
  return {
    'PUT /v0/users/:id': { name: 'intruder', version: 1 },
    'PUT /v0/users/:id/password': { password: 'Intruder-12345' },
    'PUT /v0/merchants/:id': { name: 'intruder', version: 1 },
    'PUT /v0/oauth2/clients/:id': { name: 'intruder', version: 1 },
    'PUT /v0/stocktakes/:id/lines': { lines: [{ compartmentId: 1, itemId: item, counted: 0 }] },
    'PUT /v0/stocktakes/:id/units': { unit: a.codes.unit, missing: true },
    'PUT /v0/r7gorders/:id': { version: 1, remark: 'intruder' },
    'POST /v0/r7gorders/:id/status': { status: 'canceled' },
    'POST /v0/r7gorders/:id/scan': { code: a.codes.sku },
    'POST /v0/r7gorders/:id/complete': { final: true },
    'POST /v0/r7gorders/:id/putaway': { itemId: item, quantity: 1, compartment: 'C-11-01' },
    'PUT /v0/outbound/orders/:id': { version: 1, remark: 'intruder' },
    'POST /v0/outbound/orders/:id/status': { to: 'hold', reason: 'intruder' },
    'POST /v0/outbound/orders/:id/cancel-decision': { approve: true },
    'POST /v0/outbound/orders/:id/partialFinish': { reason: 'cross-tenant probe' },
    'POST /v0/outbound/orders/:id/exception': { owner: 'warehouse', note: 'intruder' },
    'PUT /v0/outbound/orders/:id/sku-qc': { skus: [] },
    'PUT /v0/packing/merchant-rules/:id': { serialPerUnit: true, note: 'intruder' },
    'POST /v0/packing/ef/orders/:id/pack': { station: 'intruder' },
    'POST /v0/tickets/:id/messages': { message: 'intruder' },
    'POST /v0/tickets/:id/status': { status: 'closed' },
    'PUT /v0/items/:id': { version: 1, sku: 'XT-INTRUDER', name: 'intruder' },
    'PUT /v0/munits/:id': { version: 1, code: 'XT-INTRUDER', kind: 'box', compartmentId: 1 },
  };
}

/** Queries for lists that need one. */
const LIST_QUERIES: Record<string, string> = {
  'GET /v0/settings/config': '?q=sys:merchant',
  'GET /v0/masken/': '?q=item',
  'GET /v0/masken/detail': '?q=item',
};

const paramsOf = (url: string) => [...url.matchAll(/:(\w+)/g)].map((m) => m[1]!);
const sharedReason = (url: string) => Object.entries(SHARED_PREFIXES).find(([prefix]) => url.startsWith(prefix))?.[1];
const prefixKind = (url: string) => ID_PREFIXES.find(([prefix]) => url.startsWith(prefix))?.[1];

/** The calls of one route, or why it has none; throws for a route nobody classified. */
function probesOf(route: { method: string; url: string }, a: TenantA, bodies: Record<string, Probe[]>, pathBody: Record<string, unknown>): Probe[] {
  const key = `${route.method} ${route.url}`;
  if (route.url.startsWith('/v0/docs') || route.url.startsWith('/v0/test/')) return [];
  if (bodies[key]) return bodies[key]!;
  if (NO_TENANT_DATA[key]) return [];
  const params = paramsOf(route.url);
  if (params.length === 0) {
    if (route.method === 'GET') return [{ method: 'GET', url: route.url + (LIST_QUERIES[key] ?? ''), accept: [...REFUSED, 'OK'] }];
    if (route.url.endsWith('/export')) return [{ method: route.method, url: route.url, accept: [...REFUSED, 'OK'] }];
    if (sharedReason(route.url)) return [];
    throw new Error(`${key}: classify this route in cross-tenant.int.test.ts (a probe with A's records in bodyProbes, or NO_TENANT_DATA with the reason)`);
  }
  if (sharedReason(route.url)) return [];
  const kinds = params.map((p) => (p === 'id' ? prefixKind(route.url) : PARAM_KINDS[p]));
  const missing = params.filter((_, i) => !kinds[i]);
  if (missing.length) throw new Error(`${key}: say which of A's ids :${missing.join(', :')} takes (ID_PREFIXES / PARAM_KINDS in cross-tenant.int.test.ts)`);
  let urls = [route.url];
  params.forEach((param, i) => {
    urls = urls.flatMap((url) => (a.ids[kinds[i]!] as Array<number | string>).map((id) => url.replace(`:${param}`, String(id))));
  });
  const payload = route.method === 'GET' || route.method === 'DELETE' ? undefined : (pathBody[key] ?? {});
  return urls.map((url) => ({ method: route.method, url, payload, accept: REFUSED, kinds: kinds as IdKind[] }));
}

let t: TestApp;
let a: TenantA;
let tokens: Record<'admin' | 'merchantA' | 'merchantB' | 'merchantBAll' | 'carrier' | 'warehouse', string>;
beforeAll(async () => {
  t = await createTestApp();
  const [admin, merchantA, merchantB, carrier, warehouse] = await Promise.all(
    ['admin', 'merchant-a', 'merchant-b', 'carrier', 'warehouse'].map((name) => t.login(`${name}@demo.local`)),
  );
  tokens = { admin: admin!, merchantA: merchantA!, merchantB: merchantB!, merchantBAll: '', carrier: carrier!, warehouse: warehouse! };
  a = await seedTenantA(t, tokens);
  tokens.merchantBAll = await merchantUserWithEveryPrivilege(tokens.admin);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

/**
 * A user of merchant B whose role holds every privilege there is (an administrator may build such a
 * role): the tenant scope must hold in the data layer, not only because a merchant's role lacks a privilege.
 */
async function merchantUserWithEveryPrivilege(admin: string): Promise<string> {
  const merchants = (await t.call({ method: 'GET', url: '/v0/merchants/opts', token: admin })).body.data as Array<{ id: number; code: string }>;
  const role = await t.call({ method: 'POST', url: '/v0/roles/', token: admin, payload: { name: 'xt-everything', privileges: [...PRIVILEGES] } });
  expect(role.body.code).toBe('OK');
  const payload = {
    account: 'xt-b-everything@demo.local',
    type: 10,
    merchantId: merchants.find((m) => m.code === 'C002')!.id,
    roles: ['xt-everything'],
    password: 'Intruder-12345',
  };
  const user = await t.call({ method: 'POST', url: '/v0/users/', token: admin, payload });
  expect(user.body.code, JSON.stringify(user.body)).toBe('OK');
  return t.login(payload.account, payload.password);
}

/** Answers the route's envelope code and everything readable in the answer (and in an export job's file). */
async function send(token: string, probe: Probe): Promise<{ code: string; text: string; data: any }> {
  const res = await t.app.inject({
    method: probe.method as 'GET',
    url: probe.url,
    headers: { 'x-token': token, ...(probe.payload === undefined ? {} : { 'content-type': 'application/json' }) },
    payload: probe.payload === undefined ? undefined : JSON.stringify(probe.payload),
  });
  const json = String(res.headers['content-type'] ?? '').includes('json') ? JSON.parse(res.body) : null;
  let text = await answerText(json, res.headers, json ? undefined : res.rawPayload);
  const data = json?.data;
  // An export that became a job: its result file is part of the answer.
  if (json?.code === 'OK' && data && typeof data === 'object' && 'kind' in data && 'status' in data && typeof data.id === 'number') {
    await t.core.jobs!.runner!.drain();
    const job = await t.call({ method: 'GET', url: `/v0/jobs/${data.id}`, token });
    text += `\n${JSON.stringify(job.body)}`;
    const file = await t.app.inject({ method: 'GET', url: `/v0/jobs/${data.id}/result`, headers: { 'x-token': token } });
    if (file.statusCode === 200 && !String(file.headers['content-type']).includes('json')) text += `\n${await answerText(null, file.headers, file.rawPayload)}`;
  }
  if (res.statusCode !== 200 && !json) return { code: `HTTP ${res.statusCode}`, text, data };
  return { code: json ? String(json.code) : 'file', text, data };
}

const leaked = (text: string, markers: string[]) =>
  markers.filter((m) => new RegExp(`(?<![\\w-])${m.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w-])`).test(text));

async function walk(intruder: string): Promise<{ problems: string[]; kinds: Set<IdKind> }> {
  const bodies = bodyProbes(a);
  const pathBody = pathBodies(a);
  const problems: string[] = [];
  const kinds = new Set<IdKind>();
  for (const route of t.routeTable) {
    let probes: Probe[];
    try {
      probes = probesOf(route, a, bodies, pathBody);
    } catch (error) {
      problems.push((error as Error).message);
      continue;
    }
    for (const probe of probes) {
      probe.kinds?.forEach((kind) => kinds.add(kind));
      const answer = await send(intruder, probe);
      const label = `${route.method} ${route.url} as ${probe.method} ${probe.url}`;
      const accepted = probe.accept ?? REFUSED;
      const fileAnswer = answer.code === 'file' && accepted.includes('OK');
      if (!accepted.includes(answer.code) && !fileAnswer)
        problems.push(
          `${label} answered ${answer.code} (expected ${accepted.join(' or ')})${answer.code === 'IntegrityError' ? `: give it a plausible body: ${answer.text.slice(0, 200)}` : ''}`,
        );
      const found = leaked(answer.text, a.markers);
      if (found.length) problems.push(`${label} shows A's ${found.join(', ')}`);
      if (probe.method === 'POST' && probe.url.includes('/bulk') && answer.code === 'OK')
        for (const result of answer.data.results as Array<{ ok: boolean; code?: string }>)
          if (result.ok || !REFUSED.includes(String(result.code))) problems.push(`${label} acted on A's order: ${JSON.stringify(result)}`);
    }
  }
  return { problems, kinds };
}

describe('cross-tenant suite', () => {
  it('classifies every route of the route table', () => {
    const unclassified: string[] = [];
    for (const route of t.routeTable) {
      try {
        probesOf(route, a, bodyProbes(a), pathBodies(a));
      } catch (error) {
        unclassified.push((error as Error).message);
      }
    }
    expect(unclassified).toEqual([]);
    const known = new Set(t.routeTable.map((r) => `${r.method} ${r.url}`));
    expect(
      Object.keys(bodyProbes(a)).filter((k) => !known.has(k)),
      'probes for routes that no longer exist',
    ).toEqual([]);
  });

  for (const intruder of ['merchantB', 'merchantBAll', 'carrier'] as const) {
    it(`${intruder === 'merchantBAll' ? 'merchant B with every privilege' : intruder} gets nothing of merchant A from any route, and changes nothing of A`, async () => {
      const before = await a.snapshot();
      const { problems, kinds } = await walk(tokens[intruder]);
      expect(problems).toEqual([]);
      // Every kind of A's ids went into some route's path (except those only bodies and queries take).
      expect([...kinds].sort()).toEqual(
        Object.keys(a.ids)
          .filter((k) => k !== 'return')
          .sort(),
      );
      expect(await a.snapshot()).toBe(before);
    }, 300_000);
  }

  it("tells B's and the carrier's sockets nothing about A's records while they change", async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
    const sockets: Socket[] = [];
    const heard: Record<string, string[]> = { merchantA: [], merchantB: [], carrier: [] };
    try {
      for (const who of Object.keys(heard) as Array<keyof typeof heard>) {
        const socket = connect(url, { path: '/ws/', transports: ['websocket'], reconnection: false });
        sockets.push(socket);
        socket.onAny((event: string, payload: unknown) => heard[who]!.push(`${event} ${JSON.stringify(payload)}`));
        await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
        const info = new Promise<void>((resolve) => socket.once('info', () => resolve()));
        socket.emit('login', { token: tokens[who as keyof typeof tokens], version: '1', userAgent: 'cross-tenant' });
        await info;
      }
      const call = (token: string, method: string, url: string, payload?: unknown) =>
        t.call({ method: method as 'GET', url, token, payload: payload as never });
      const [inbound] = a.ids.inbound as number[];
      const [ticket] = a.ids.ticket as number[];
      // Changes of A's records that notify: receiving booked, a ticket answered by staff, an export job of A.
      await call(tokens.warehouse, 'POST', `/v0/r7gorders/${inbound}/scan`, { code: a.codes.sku, quantity: 1 });
      await call(tokens.warehouse, 'POST', `/v0/r7gorders/${inbound}/complete`, { final: false });
      await call(tokens.admin, 'POST', `/v0/tickets/${ticket}/messages`, { message: 'staff answer' });
      await call(tokens.merchantA, 'POST', '/v0/items/export');
      await t.core.jobs!.runner!.drain();
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(heard.merchantA!.length, 'A itself hears about its records (the events flowed)').toBeGreaterThan(0);
      for (const who of ['merchantB', 'carrier']) {
        expect(
          heard[who]!.filter((event) => leaked(event, a.markers).length > 0 || /"kind":"resource\.export"/.test(event)),
          who,
        ).toEqual([]);
      }
    } finally {
      sockets.forEach((s) => s.disconnect());
    }
  });
});
