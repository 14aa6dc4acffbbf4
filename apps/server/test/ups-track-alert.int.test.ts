import { OUTBOUND_ORDER } from '@kontor/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TRACK_SUBSCRIBE_JOB } from '../src/modules/carriers/index.js';
import { UPS_FAKE_CREDENTIALS, UPS_FAKE_SHIPPER, startUpsFake, type UpsFake } from './carrier-drivers/fakes/ups-fake.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/**
 * UPS Track Alert subscriptions (issue 19 item 5, docs/carrier-drivers.md "UPS Track Alert"): a UPS label
 * bought through Kontor is subscribed by a job after the purchase commits, with Kontor's webhook address
 * and the account's webhookSecret, against the UPS fake; a UPS outage is retried by the job; an account
 * without a webhookSecret is only polled.
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

const jobsOf = async (orderId: number) =>
  (
    await t.core.db.selectFrom('jobs').select(['id', 'status', 'attempts', 'result', 'payload']).where('kind', '=', TRACK_SUBSCRIBE_JOB).orderBy('id').execute()
  ).filter((j) => Number((j.payload as { orderId: number }).orderId) === orderId);
const subscribedAt = async (orderId: number) =>
  (await t.core.db.selectFrom('parcel_labels').select('tracking_subscribed_at').where('order_id', '=', orderId).orderBy('parcel_index').execute()).map(
    (r) => r.tracking_subscribed_at,
  );
const runner = () => t.core.jobs!.runner!;

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
    await t.core.db
      .updateTable('jobs')
      .set({ run_after: new Date(Date.now() - 1000) })
      .where('kind', '=', TRACK_SUBSCRIBE_JOB)
      .where('status', '=', 'queued')
      .execute();
    await runner().drain();
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
});
