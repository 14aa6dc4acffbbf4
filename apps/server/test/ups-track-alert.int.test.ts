import { OUTBOUND_ORDER } from '@kontor/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { GATE_TRACK_SUBSCRIBE_JOB } from '../src/modules/carrier-gate/gate-shipments.service.js';
import { TRACK_SUBSCRIBE_JOB } from '../src/modules/carriers/index.js';
import { UPS_FAKE_CREDENTIALS, UPS_FAKE_SHIPPER, startUpsFake, type UpsFake } from './carrier-drivers/fakes/ups-fake.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/**
 * UPS Track Alert subscriptions (issue 19 item 5, docs/carrier-drivers.md "UPS Track Alert"): a UPS label
 * bought through Kontor is subscribed by a job after the purchase commits, with Kontor's webhook address
 * and the account's webhookSecret, against the UPS fake; a UPS outage is retried by the job; an account
 * without a webhookSecret is only polled. Labels bought without an order (the carrier gate's shipments) and
 * order labels bought through the carrier gate's batchPrintLabel are subscribed the same way.
 */
let t: TestApp;
let admin: string;
let fake: UpsFake;
let merchantId: number;
let serial = 0;
const SECRET = 'track-alert-credential-1';

const post = (url: string, payload: unknown) => t.call({ method: 'POST', url, token: admin, payload: payload as never }).then((r) => r.body);

/** A UPS account at the fake, and a rule sending orders of `orderCarrier` to it. */
async function upsAccount(orderCarrier: string, webhookSecret: string | null): Promise<void> {
  const account = await post('/v0/carriers/accounts', {
    name: `UPS track alert ${++serial}`,
    carrier: 'ups',
    endpoint: fake.url,
    credentials: { ...UPS_FAKE_CREDENTIALS, ...(webhookSecret ? { webhookSecret } : {}) },
    options: { shipperNumber: UPS_FAKE_SHIPPER },
    shipper: { name1: 'Kontor Bonn', street: 'Lagerstraße', streetNumber: '12', zip: '53113', city: 'Bonn', country: 'DE' },
  });
  expect(account.code, JSON.stringify(account)).toBe('OK');
  const rule = await post('/v0/carriers/rules', { orderCarrier, accountId: account.data.id, product: '11' });
  expect(rule.code, JSON.stringify(rule)).toBe('OK');
}

/** A packed order of `carrier` whose label is bought through the carriers route; answers its tracking numbers. */
async function boughtOrder(carrier: string, boxes = 1): Promise<{ id: number; numbers: string[] }> {
  const consignee = { name1: 'Erika Mustermann', streetName: 'Domkloster', streetNumber: '4', zip: '50667', city: 'Köln', country: 'DE' };
  const row = await sql<{ id: number }>`insert into outbound_orders (merchant_id, status, type_of_task, mode_of_transport, pickup_date,
      unit_qty, weight, consignee, consignee_country, carrier, box_qty)
    values (${merchantId}, ${OUTBOUND_ORDER.codeOf('readyToPack')}, 'B2C', 'parcel', '2026-12-01', 1, 2.5, ${JSON.stringify(consignee)}::jsonb, 'DE',
      ${carrier}, ${boxes}) returning id`.execute(t.core.db);
  const id = Number(row.rows[0]!.id);
  const bought = await post(`/v0/carriers/orders/${id}/labels`, {});
  expect(bought.code, JSON.stringify(bought)).toBe('OK');
  expect(bought.data.complete).toBe(true);
  return { id, numbers: String(bought.data.shipBundle).split('\n') };
}

const jobsOf = async (orderId: number, kind = TRACK_SUBSCRIBE_JOB, key = 'orderId') =>
  (await t.core.db.selectFrom('jobs').select(['id', 'status', 'attempts', 'result', 'payload']).where('kind', '=', kind).orderBy('id').execute()).filter(
    (j) => Number((j.payload as Record<string, number>)[key]) === orderId,
  );
const gateJobsOf = (shipmentId: number) => jobsOf(shipmentId, GATE_TRACK_SUBSCRIBE_JOB, 'shipmentId');
const gateSubscribedAt = async (shipmentId: number) =>
  (await t.core.db.selectFrom('gate_labels').select('tracking_subscribed_at').where('shipment_id', '=', shipmentId).orderBy('parcel_index').execute()).map(
    (r) => r.tracking_subscribed_at,
  );

/** A gate user allowed UPS, with an API key. */
async function gateKey(): Promise<string> {
  const address = { name1: 'Gate Sender GmbH', street: 'Hafenstraße', streetNumber: '1', zip: '20457', city: 'Hamburg', country: 'DE' };
  const user = await post('/v0/carriergate/users', { company: `Gate UPS ${++serial}`, address, carriers: ['ups'] });
  expect(user.code, JSON.stringify(user)).toBe('OK');
  const key = await post(`/v0/carriergate/users/${user.data.id}/keys`, { name: 'shop' });
  expect(key.code, JSON.stringify(key)).toBe('OK');
  return key.data.key;
}

/** A gate shipment of `parcels` UPS parcels bought with `key` under `idem`; answers the envelope's body. */
const gateBuy = (key: string, idem: string, parcels: number) =>
  t
    .call({
      method: 'POST',
      url: '/v0/gate/shipments',
      headers: { 'x-api-key': key, 'idempotency-key': idem },
      payload: {
        receiver: { name1: 'Eva Muster', street: 'Hauptstraße', streetNumber: '5', zip: '10115', city: 'Berlin', country: 'DE' },
        parcels: Array.from({ length: parcels }, () => ({ weightKg: 1.5 })),
        product: '11',
        reference: idem,
      } as never,
    })
    .then((r) => r.body);
const subscribedAt = async (orderId: number) =>
  (await t.core.db.selectFrom('parcel_labels').select('tracking_subscribed_at').where('order_id', '=', orderId).orderBy('parcel_index').execute()).map(
    (r) => r.tracking_subscribed_at,
  );
const runner = () => t.core.jobs!.runner!;
/** Runs the queued jobs of `kind` now rather than after their back-off. */
async function retryNow(kind: string): Promise<void> {
  await t.core.db
    .updateTable('jobs')
    .set({ run_after: new Date(Date.now() - 1000) })
    .where('kind', '=', kind)
    .where('status', '=', 'queued')
    .execute();
  await runner().drain();
}

beforeAll(async () => {
  fake = await startUpsFake();
  t = await createTestApp();
  admin = await t.login('admin@demo.local');
  merchantId = Number((await t.core.db.selectFrom('merchants').select('id').where('code', '=', 'C001').executeTakeFirstOrThrow()).id);
  await upsAccount('UPS', SECRET);
  await upsAccount('UPS-POLLED', null);
}, 240_000);
afterAll(async () => {
  await t?.close();
  await fake?.close();
});
beforeEach(() => {
  fake.mode = 'ok';
});

describe('UPS Track Alert', () => {
  it('subscribes the bought numbers after the purchase, with the webhook address and the account credential, once', async () => {
    const order = await boughtOrder('UPS', 2);
    expect(order.numbers).toHaveLength(2);
    // Nothing is asked of UPS inside the purchase: the job does it.
    expect(fake.subscriptions.has(order.numbers[0]!)).toBe(false);
    expect(await jobsOf(order.id)).toMatchObject([{ status: 'queued' }]);

    await runner().drain();
    const url = `${t.core.config.PUBLIC_URL.replace(/\/+$/, '')}/v0/carriers/webhooks/ups`;
    for (const n of order.numbers) expect(fake.subscriptions.get(n)).toEqual({ url, credential: SECRET });
    expect(await jobsOf(order.id)).toMatchObject([{ status: 'done', result: { subscribed: order.numbers, refused: [] } }]);
    expect((await subscribedAt(order.id)).every((at) => at instanceof Date)).toBe(true);

    // Buying again reprints what the order has: nothing is left to subscribe, no second job.
    expect((await post(`/v0/carriers/orders/${order.id}/labels`, {})).data.complete).toBe(true);
    expect(await jobsOf(order.id)).toHaveLength(1);
  });

  it('retries when UPS is down, and subscribes once it answers again', async () => {
    const order = await boughtOrder('UPS');
    fake.mode = 'error500';
    await runner().drain();
    expect(await jobsOf(order.id)).toMatchObject([{ status: 'queued', attempts: 1 }]);
    expect(await subscribedAt(order.id)).toEqual([null]);

    fake.mode = 'ok';
    await retryNow(TRACK_SUBSCRIBE_JOB);
    expect(await jobsOf(order.id)).toMatchObject([{ status: 'done', attempts: 2 }]);
    expect(fake.subscriptions.has(order.numbers[0]!)).toBe(true);
  });

  it('leaves the labels of an account without a webhook secret to the poll', async () => {
    const order = await boughtOrder('UPS-POLLED');
    await runner().drain();
    expect(await jobsOf(order.id)).toMatchObject([{ status: 'done', result: { subscribed: [], refused: [] } }]);
    expect(fake.subscriptions.has(order.numbers[0]!)).toBe(false);
    expect(await subscribedAt(order.id)).toEqual([null]);
  });

  it('subscribes the labels of a carrier gate shipment after the purchase, once, and retries while UPS is down', async () => {
    const key = await gateKey();
    const bought = await gateBuy(key, `track-${serial}`, 2);
    expect(bought.code, JSON.stringify(bought)).toBe('OK');
    expect(bought.data).toMatchObject({ carrier: 'ups', state: 'bought' });
    const shipmentId = Number(bought.data.id);
    const numbers = bought.data.trackingNumbers as string[];
    expect(numbers).toHaveLength(2);
    expect(fake.subscriptions.has(numbers[0]!)).toBe(false);
    expect(await gateJobsOf(shipmentId)).toMatchObject([{ status: 'queued' }]);

    fake.mode = 'error500';
    await runner().drain();
    expect(await gateJobsOf(shipmentId)).toMatchObject([{ status: 'queued', attempts: 1 }]);
    expect(await gateSubscribedAt(shipmentId)).toEqual([null, null]);

    fake.mode = 'ok';
    await retryNow(GATE_TRACK_SUBSCRIBE_JOB);
    const url = `${t.core.config.PUBLIC_URL.replace(/\/+$/, '')}/v0/carriers/webhooks/ups`;
    for (const n of numbers) expect(fake.subscriptions.get(n)).toEqual({ url, credential: SECRET });
    expect(await gateJobsOf(shipmentId)).toMatchObject([{ status: 'done', attempts: 2, result: { subscribed: numbers, refused: [] } }]);
    expect((await gateSubscribedAt(shipmentId)).every((at) => at instanceof Date)).toBe(true);

    // The same request again answers what was bought: nothing is bought, nothing queued again.
    const again = await gateBuy(key, `track-${serial}`, 2);
    expect(again.data.trackingNumbers).toEqual(numbers);
    expect(await gateJobsOf(shipmentId)).toHaveLength(1);
  });

  it('subscribes order labels bought through the carrier gate’s batchPrintLabel', async () => {
    const consignee = { name1: 'Erika Mustermann', streetName: 'Domkloster', streetNumber: '4', zip: '50667', city: 'Köln', country: 'DE' };
    const row = await sql<{ id: number }>`insert into outbound_orders (merchant_id, status, type_of_task, mode_of_transport, pickup_date,
        unit_qty, weight, consignee, consignee_country, carrier, box_qty)
      values (${merchantId}, ${OUTBOUND_ORDER.codeOf('packingCompleted')}, 'B2C', 'parcel', '2026-12-01', 1, 2.5, ${JSON.stringify(consignee)}::jsonb, 'DE',
        'UPS', 1) returning id`.execute(t.core.db);
    const id = Number(row.rows[0]!.id);
    const printed = await post('/v0/order/batchPrintLabel', [{ id }]);
    expect(printed.code, JSON.stringify(printed)).toBe('OK');
    const numbers = (await t.core.db.selectFrom('parcel_labels').select('tracking_number').where('order_id', '=', id).execute()).map((r) => r.tracking_number);
    expect(numbers).toHaveLength(1);
    await runner().drain();
    expect(fake.subscriptions.get(numbers[0]!)?.credential).toBe(SECRET);
    expect(await subscribedAt(id)).toEqual([expect.any(Date)]);
  });
});
