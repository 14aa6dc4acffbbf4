import { createHmac } from 'node:crypto';
import { OUTBOUND_ORDER, type OutboundState } from '@kontor/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createParcelOrder } from './helpers/orders.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/**
 * Carrier webhooks (issue 19 item 5, docs/shipping.md "Webhooks"): `POST /v0/carriers/webhooks/:carrier`
 * without a session, verified by the carrier account's `webhookSecret` (sandbox: HMAC-SHA256 of the body
 * in `X-Kontor-Signature`; UPS Track Alert: the `credential` header), feeding the poll's path: orders move
 * to in transit, in delivery, delivered or problem (the merchant is told), each event stored once. A bad
 * signature is refused and changes nothing.
 */
let t: TestApp;
let admin: string;
let merchantA: string;
const SANDBOX_SECRET = 'sbx-hook-secret-0123456789';
const UPS_CREDENTIAL = 'ups-track-alert-credential-42';

beforeAll(async () => {
  t = await createTestApp();
  [admin, merchantA] = await Promise.all([t.login('admin@demo.local'), t.login('merchant-a@demo.local')]);
  const shipper = { name1: 'Kontor Hamburg', street: 'Lagerstraße', streetNumber: '1', zip: '20457', city: 'Hamburg', country: 'DE' };
  for (const account of [
    { name: 'Sandbox push', carrier: 'sandbox', endpoint: '', credentials: { webhookSecret: SANDBOX_SECRET }, options: {}, shipper },
    {
      name: 'UPS push',
      carrier: 'ups',
      endpoint: 'http://127.0.0.1:1/ups',
      credentials: { clientId: 'c', clientSecret: 's', webhookSecret: UPS_CREDENTIAL },
      options: { shipperNumber: 'A1B2C3' },
      shipper,
    },
  ]) {
    const res = await t.call({ method: 'POST', url: '/v0/carriers/accounts', token: admin, payload: account });
    expect(res.body.code, JSON.stringify(res.body)).toBe('OK');
  }
}, 300_000);
afterAll(async () => {
  await t?.close();
});

const code = (state: OutboundState) => OUTBOUND_ORDER.codeOf(state);
const statusOf = (id: number) =>
  t.core.db
    .selectFrom('outbound_orders')
    .select(['status', 'exception_reason', 'exception_owner', 'delivered_at'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
const eventsOf = (id: number) => t.core.db.selectFrom('tracking_events').selectAll().where('order_id', '=', id).orderBy('at').execute();

let serial = 0;
async function orderIn(state: OutboundState, parcels: string[]): Promise<{ id: number; unid: string }> {
  const { id, unid } = await createParcelOrder(t, merchantA, { carrier: 'UPS', remark: `webhook test ${++serial}` });
  await sql`update outbound_orders set status = ${code(state)}, ship_bundle = ${parcels.join('\n')}, shipped_at = now() where id = ${id}`.execute(t.core.db);
  return { id, unid };
}

const sign = (body: string, secret = SANDBOX_SECRET) => `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
async function push(carrier: string, body: unknown, headers: Record<string, string>) {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  const res = await t.app.inject({
    method: 'POST',
    url: `/v0/carriers/webhooks/${carrier}`,
    payload: text,
    headers: { 'content-type': 'application/json', ...headers },
  });
  return JSON.parse(res.body);
}
const sandboxPush = (body: unknown, signature?: string) => {
  const text = JSON.stringify(body);
  return push('sandbox', text, { 'x-kontor-signature': signature ?? sign(text) });
};
const event = (trackingNumber: string, at: string, kind: string, extra: Record<string, string> = {}) => ({
  trackingNumber,
  at,
  kind,
  code: kind.toUpperCase(),
  text: `${kind} (pushed)`,
  ...extra,
});

describe('sandbox webhook (HMAC-SHA256 signature)', () => {
  it('moves an order shipped → in transit → delivered from signed pushes; a repeated push stores nothing', async () => {
    const order = await orderIn('shipped', ['PUSH-WALK-1']);
    const first = await sandboxPush({
      events: [event('PUSH-WALK-1', '2026-11-24T08:00:00Z', 'info'), event('PUSH-WALK-1', '2026-11-24T12:00:00Z', 'in_transit')],
    });
    expect(first).toEqual({ code: 'OK', data: { received: 2, stored: 2, moved: 1, ignored: 0 } });
    expect((await statusOf(order.id)).status).toBe(code('inTransit'));

    const body = { events: [event('PUSH-WALK-1', '2026-11-25T09:00:00Z', 'in_delivery'), event('PUSH-WALK-1', '2026-11-25T14:30:00Z', 'delivered')] };
    expect((await sandboxPush(body)).data).toEqual({ received: 2, stored: 2, moved: 1, ignored: 0 });
    const delivered = await statusOf(order.id);
    expect(delivered.status).toBe(code('delivered'));
    expect(new Date(delivered.delivered_at!).toISOString()).toBe('2026-11-25T14:30:00.000Z');
    // The carrier delivers the same message again: nothing is stored twice, nothing moves (the order is no longer open).
    expect((await sandboxPush(body)).data).toEqual({ received: 2, stored: 0, moved: 0, ignored: 2 });
    expect((await eventsOf(order.id)).map((e) => e.kind)).toEqual(['info', 'in_transit', 'in_delivery', 'delivered']);
    const history = await t.core.db.selectFrom('outbound_history').select(['action', 'to_status']).where('order_id', '=', order.id).orderBy('id').execute();
    // The second push carried out-for-delivery and delivered at once: the order goes as far as its parcel, as a poll would.
    expect(history.filter((h) => h.action === 'tracking').map((h) => h.to_status)).toEqual([code('inTransit'), code('delivered')]);
  });

  it('refuses a missing, wrong or foreign signature and changes nothing', async () => {
    const order = await orderIn('shipped', ['PUSH-BAD-1']);
    const body = { events: [event('PUSH-BAD-1', '2026-11-24T12:00:00Z', 'delivered')] };
    const text = JSON.stringify(body);
    const refusals = [
      await push('sandbox', text, {}),
      await push('sandbox', text, { 'x-kontor-signature': sign(text, 'not-the-secret') }),
      await push('sandbox', text, { 'x-kontor-signature': sign(JSON.stringify({ events: [] })) }),
      await push('sandbox', text, { 'x-kontor-signature': 'sha256=' }),
      // The body's bytes are what is signed: the same JSON spaced differently is another body.
      await push('sandbox', JSON.stringify(body, null, 1), { 'x-kontor-signature': sign(text) }),
      // A UPS credential is no sandbox signature.
      await push('sandbox', text, { 'x-kontor-signature': UPS_CREDENTIAL }),
    ];
    for (const refused of refusals) {
      expect(refused.code, JSON.stringify(refused)).toBe('WebhookSignatureInvalid');
      expect(refused.data).toBe('The signature of the webhook is missing or does not match.');
    }
    expect(await eventsOf(order.id)).toHaveLength(0);
    expect((await statusOf(order.id)).status).toBe(code('shipped'));
    // The signature is checked before the body is read: an unsigned non-JSON body is refused the same way.
    expect((await push('sandbox', 'not json', {})).code).toBe('WebhookSignatureInvalid');
    expect((await push('sandbox', 'not json', { 'x-kontor-signature': sign('not json') })).code).toBe('IntegrityError');
  });

  it('moves the order to problem on a delivery exception and tells the merchant', async () => {
    const order = await orderIn('inTransit', ['PUSH-EXC-1']);
    const spy = vi.spyOn(t.core.realtime, 'msgToUser').mockResolvedValue();
    let told: string[] = [];
    try {
      const body = { events: [event('PUSH-EXC-1', '2026-11-25T10:00:00Z', 'exception', { exception: 'damaged', eventId: 'sbx-evt-9' })] };
      expect((await sandboxPush(body)).data).toMatchObject({ stored: 1, moved: 1 });
      expect((await sandboxPush(body)).data).toMatchObject({ stored: 0, moved: 0 });
      told = spy.mock.calls.map(([, text]) => String(text)).filter((text) => text.includes(order.unid));
    } finally {
      spy.mockRestore();
    }
    expect(await statusOf(order.id)).toMatchObject({ status: code('problem'), exception_reason: 'damaged', exception_owner: 'carrier' });
    // Each of the merchant's users is told once, in their language; the repeated push tells nobody again.
    const users = await t.core.db
      .selectFrom('users as u')
      .innerJoin('outbound_orders as o', 'o.merchant_id', 'u.merchant_id')
      .select('u.id')
      .where('o.id', '=', order.id)
      .where('u.disabled', '=', false)
      .execute();
    expect(told).toHaveLength(users.length);
    expect(told.length).toBeGreaterThan(0);
  });

  it('counts events of numbers no open order carries as ignored', async () => {
    const res = await sandboxPush({ events: [event('PUSH-NOBODY-1', '2026-11-25T10:00:00Z', 'delivered'), { kind: 'delivered' }] });
    expect(res).toEqual({ code: 'OK', data: { received: 1, stored: 0, moved: 0, ignored: 1 } });
    const canceled = await orderIn('canceled', ['PUSH-CANCELED-1']);
    expect((await sandboxPush({ events: [event('PUSH-CANCELED-1', '2026-11-25T10:00:00Z', 'delivered')] })).data.ignored).toBe(1);
    expect(await eventsOf(canceled.id)).toHaveLength(0);
  });
});

describe('UPS Track Alert (credential header)', () => {
  const message = (trackingNumber: string, type: string, statusCode: string, description: string, time: string) => ({
    trackingNumber,
    localActivityDate: '20261125',
    localActivityTime: time,
    activityLocation: { city: 'KOELN', stateProvince: '', postalCode: '', country: 'DE' },
    activityStatus: { type, code: statusCode, description, descriptionCode: '021' },
    scheduledDeliveryDate: '20261125',
    actualDeliveryDate: '',
    actualDeliveryTime: '',
    gmtActivityDate: '20261125',
    gmtActivityTime: time,
  });

  it('accepts events with the account’s credential and moves the order; a wrong credential changes nothing', async () => {
    const number = '1ZA1B2C30400000011';
    const order = await orderIn('shipped', [number]);
    const out = message(number, 'I', 'OT', 'Out for Delivery', '091519');
    expect((await push('ups', out, { credential: 'wrong' })).code).toBe('WebhookSignatureInvalid');
    expect((await push('ups', out, {})).code).toBe('WebhookSignatureInvalid');
    expect(await eventsOf(order.id)).toHaveLength(0);

    expect((await push('ups', out, { credential: UPS_CREDENTIAL, 'user-agent': 'UPSPubSubTrackingService' })).data).toEqual({
      received: 1,
      stored: 1,
      moved: 1,
      ignored: 0,
    });
    expect((await statusOf(order.id)).status).toBe(code('inDelivery'));
    const delivered = message(number, 'D', 'FS', 'Delivered', '135004');
    expect((await push('ups', delivered, { credential: UPS_CREDENTIAL })).data).toMatchObject({ stored: 1, moved: 1 });
    expect((await push('ups', delivered, { credential: UPS_CREDENTIAL })).data).toMatchObject({ stored: 0, moved: 0 });
    expect((await statusOf(order.id)).status).toBe(code('delivered'));
    const events = await eventsOf(order.id);
    expect(events.map((e) => [e.carrier, e.code, e.kind, e.location])).toEqual([
      ['ups', 'OT', 'in_delivery', 'KOELN, DE'],
      ['ups', 'FS', 'delivered', 'KOELN, DE'],
    ]);
  });
});

describe('carriers without webhooks', () => {
  it('answers NotFound for a carrier that only is polled, and for an unknown one', async () => {
    for (const carrier of ['dhl', 'dpd', 'nosuchcarrier']) {
      const res = await push(carrier, '{}', { 'x-kontor-signature': sign('{}') });
      expect(res.code, carrier).toBe('NotFound');
    }
  });
});
