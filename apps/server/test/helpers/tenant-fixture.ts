import { sql } from 'kysely';
import { expect } from 'vitest';
import { PDF, PNG, uploadFile } from './upload.js';
import type { TestApp } from './test-app.js';
import { orderBody } from './orders.js';

/** Kinds of merchant A's records whose ids the cross-tenant suite substitutes into routes. */
export type IdKind =
  | 'item'
  | 'stock'
  | 'log'
  | 'unit'
  | 'inbound'
  | 'scan'
  | 'outbound'
  | 'ticket'
  | 'return'
  | 'file'
  | 'job'
  | 'stocktake'
  | 'user'
  | 'merchant'
  | 'oauthClient'
  | 'label'
  | 'packLog'
  | 'shipLog';

export interface TenantA {
  merchantId: number;
  ids: Record<IdKind, number[] | string[]>;
  /** A's codes the original clients look records up by (SKU, unit code, order numbers ...). */
  codes: { sku: string; unit: string; inboundUnid: string; outboundUnid: string; shipSN: string; ref: string; avatarUrl: string; imageUrl: string };
  /** Texts only A's records hold: none may appear in an answer to another tenant. */
  markers: string[];
  /** A's records as the administrator reads them (compared before and after the intruders' walk). */
  snapshot(): Promise<string>;
}

const must = (label: string, body: { code: string; data: any }) => {
  expect(body.code, `${label}: ${JSON.stringify(body)}`).toBe('OK');
  return body.data;
};

/**
 * Merchant A's records of every kind, made through the API as A (or as staff working for A), each
 * carrying a unique tag, so that an answer leaking one is recognised wherever it ends up.
 */
export async function seedTenantA(t: TestApp, tokens: { admin: string; merchantA: string; warehouse: string }): Promise<TenantA> {
  const tag = `XTA${Date.now().toString(36).toUpperCase()}`;
  const call = (token: string, method: string, url: string, payload?: unknown) =>
    t.call({ method: method as 'GET', url, token, payload: payload as never }).then((r) => r.body);
  const { admin, merchantA, warehouse } = tokens;
  const merchants = must('merchants', await call(admin, 'GET', '/v0/merchants/opts')) as Array<{ id: number; code: string; name: string }>;
  const merchantId = merchants.find((m) => m.code === 'C001')!.id;
  const compartment = must('compartment', await call(admin, 'GET', '/v0/compartment/any?q=C-12-01'));

  const sku = `${tag}-SKU`;
  const item = must('item', await call(merchantA, 'POST', '/v0/items/', { sku, name: `${tag} item name` }));
  must('adjust', await call(admin, 'POST', '/v0/inventory/adjust', { item: sku, compartment: 'C-12-01', delta: 20, reasonCode: 'found', note: `${tag} note` }));
  const stock = must('stock', await call(admin, 'GET', `/v0/stock/?sku=${sku}`)).data as Array<{ id: number }>;
  const log = must('log', await call(admin, 'GET', `/v0/inventorylog/?sku=${sku}`)).data as Array<{ id: number }>;

  const unitCode = `${tag}-BOX`;
  const unit = must('unit', await call(admin, 'POST', '/v0/munits/', { code: unitCode, kind: 'box', compartmentId: compartment.id, merchantId }));
  must('pack', await call(admin, 'POST', '/v0/munits/pack', { unit: unitCode, item: sku, quantity: 5 }));

  const doc = await uploadFile(t, merchantA, 'intern', `${tag}-doc.pdf`, PDF);
  const image = await uploadFile(t, merchantA, 'image', `${tag}-pic.png`, PNG);
  const avatar = await uploadFile(t, merchantA, 'avatar', `${tag}-avatar.png`, PNG);

  const inbound = must(
    'inbound',
    await call(merchantA, 'POST', '/v0/r7gorders/', {
      warehouseId: compartment.warehouseId,
      reference: `${tag}-INREF`,
      remark: `${tag} inbound remark`,
      files: [{ id: doc.id, name: doc.name }],
      lines: [{ sku, planned: 4 }],
    }),
  );
  must('scan', await call(warehouse, 'POST', `/v0/r7gorders/${inbound.id}/scan`, { code: sku, quantity: 1 }));
  const inboundDetail = must('inbound detail', await call(admin, 'GET', `/v0/r7gorders/${inbound.id}/detail`));

  const ref = `${tag}-REF`;
  const outbound = must(
    'outbound',
    await call(
      merchantA,
      'POST',
      '/v0/outbound/orders',
      orderBody({ refOrderId: ref, consignee: { name1: `${tag} Consignee` }, lines: [{ sku, quantity: 2 }] }),
    ),
  );
  const ticket = must(
    'ticket',
    await call(merchantA, 'POST', '/v0/tickets/', { orderId: outbound.id, subject: `${tag} subject`, message: `${tag} ticket message` }),
  );

  const shipSN = `${tag}-RET`;
  must(
    'return',
    await call(admin, 'POST', '/v0/r7greceiving/', {
      shipSN,
      agentGUID: 'C001',
      note: `${tag} return note`,
      image: JSON.stringify({ img: [{ url: image.url }] }),
    }),
  );
  const returns = must('returns', await call(admin, 'GET', `/v0/r7greceiving/list?q=${shipSN}`)).data as Array<{ id: number; shipSN: string }>;
  const returnId = returns.find((r) => r.shipSN === shipSN)!.id;

  const stocktake = must('stocktake', await call(admin, 'POST', '/v0/stocktakes/', { warehouseId: compartment.warehouseId, compartmentIds: [compartment.id] }));
  const job = must('job', await call(merchantA, 'POST', '/v0/items/export'));
  await t.core.jobs!.runner!.drain();

  const users = must('users', await call(admin, 'GET', '/v0/users/?q=merchant-a')).data as Array<{ id: number; account: string }>;
  const userId = users.find((u) => u.account === 'merchant-a@demo.local')!.id;
  const client = must('oauth client', await call(admin, 'POST', '/v0/oauth2/clients/', { name: `${tag} client`, scopes: ['wms.item.list'], merchantId }));

  // A carrier label of A's order (issue 17), written as the carriers module stores a bought one.
  const label = await sql<{ id: number }>`insert into parcel_labels (order_id, merchant_id, parcel_index, idempotency_key, account_id, carrier,
      product, state, tracking_number, carrier_ref)
    select ${outbound.id}, ${merchantId}, 0, ${`${tag}-L1`}, id, carrier, 'X', 'bought', ${`${tag}-TRK`}, 'REF' from carrier_accounts order by id limit 1
    returning id`.execute(t.core.db);
  // A parcel of A's order in the pack log (issue 18), as the pack flow writes it.
  const packLog = await sql<{ id: number }>`insert into pack_log (order_id, merchant_id, parcel_index, station, materials)
    values (${outbound.id}, ${merchantId}, 0, ${`${tag}-STATION`}, '[]') returning id`.execute(t.core.db);

  // A shipping log row of A's order: the admin scans it before it is packed (refused, logged with A as the merchant).
  await call(admin, 'GET', `/v0/p11yorders/scanShipSN?q=${outbound.unid}`);
  const shipLog = must('shipping log', await call(admin, 'GET', `/v0/shippinglog/?orderUnid=${outbound.unid}`)).data as Array<{ id: number }>;
  expect(shipLog.length).toBeGreaterThan(0);

  const ids: TenantA['ids'] = {
    item: [item.id],
    stock: stock.map((s) => s.id),
    log: log.map((l) => l.id),
    shipLog: shipLog.map((l) => l.id),
    unit: [unit.id],
    inbound: [inbound.id],
    scan: (inboundDetail.scans as Array<{ id: number }>).map((s) => s.id),
    outbound: [outbound.id],
    ticket: [ticket.ticket?.id ?? ticket.id],
    return: [returnId],
    // The avatar is left out on purpose: a user's picture is shown to everyone who sees the user (files.service.ts).
    file: [doc.id, image.id],
    job: [job.id],
    stocktake: [stocktake.id],
    user: [userId],
    merchant: [merchantId],
    oauthClient: [client.client.id],
    label: label.rows.map((r) => Number(r.id)),
    packLog: packLog.rows.map((r) => Number(r.id)),
  };
  expect(Object.entries(ids).filter(([, list]) => list.length === 0)).toEqual([]);

  const snapshot = async () => {
    const reads = [
      `/v0/items/${item.id}`,
      `/v0/stock/?sku=${sku}&l=100`,
      `/v0/inventorylog/?sku=${sku}&l=100`,
      `/v0/munits/any?q=${unitCode}`,
      `/v0/r7gorders/${inbound.id}/detail`,
      `/v0/outbound/orders/${outbound.id}/detail`,
      `/v0/tickets/${ids.ticket[0]}/detail`,
      `/v0/r7greceiving/?q=${returnId}`,
      `/v0/stocktakes/${stocktake.id}`,
      `/v0/jobs/${job.id}`,
      `/v0/files/?q=${tag}`,
      `/v0/users/${userId}`,
      `/v0/merchants/${merchantId}`,
      '/v0/oauth2/clients/',
      `/v0/carriers/orders/${outbound.id}/labels`,
      `/v0/packing/log?q=${outbound.unid}`,
    ];
    const answers = [];
    for (const url of reads) answers.push(await call(admin, 'GET', url));
    // Sessions touch the user's last activity: that is not a change of A's records.
    return JSON.stringify(answers, (key, value) => (key === 'lastSeenAt' || key === 'lastLoginAt' ? undefined : value));
  };

  return {
    merchantId,
    ids,
    codes: {
      sku,
      unit: unitCode,
      inboundUnid: inbound.unid,
      outboundUnid: outbound.unid,
      shipSN,
      ref,
      avatarUrl: avatar.url,
      imageUrl: image.url,
    },
    markers: [tag, 'Anker Innovations DE', inbound.unid, outbound.unid],
    snapshot,
  };
}
