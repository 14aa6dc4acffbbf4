import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerCarrierDriver } from '../src/modules/carriers/index.js';
import { createSandboxDriver } from '../src/modules/carriers/drivers/sandbox/index.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/**
 * The carrier gate's parcels tracked to delivery (issue 19 item 5; docs/carrier-gate.md "Tracking"): a
 * pushed event of a bought gate parcel is stored once and answered with the parcel's delivery state to
 * its gate user only; numbers no order or gate parcel carries are still ignored; the poll walks a sandbox
 * gate parcel to delivered and then leaves it alone.
 */
let t: TestApp;
let admin: string;
let clock = Date.parse('2026-11-20T08:00:00Z');
/** The demo's sandbox account (the first by name, so the gate buys with it) walks a parcel a step a minute. */
const STEP = 60_000;
const SECRET = 'gate-hook-secret-0123456789';
const sandbox = createSandboxDriver({ now: () => clock });
let restore: () => void;
let serial = 0;

const RECEIVER = { name1: 'Eva Muster', street: 'Hauptstraße', streetNumber: '5', zip: '10115', city: 'Berlin', country: 'DE' };
const post = (url: string, payload: unknown) => t.call({ method: 'POST', url, token: admin, payload: payload as never }).then((r) => r.body);
const withKey = (method: 'GET' | 'POST', url: string, key: string, payload?: unknown, idem?: string) =>
  t
    .call({
      method,
      url,
      headers: { 'x-api-key': key, ...(idem ? { 'idempotency-key': idem } : {}) },
      ...(payload !== undefined ? { payload: payload as never } : {}),
    })
    .then((r) => r.body);

async function gateUser(): Promise<{ id: number; key: string }> {
  const user = await post('/v0/carriergate/users', {
    company: `Tracked gate ${++serial}`,
    address: { name1: 'Gate Sender GmbH', street: 'Hafenstraße', streetNumber: '1', zip: '20457', city: 'Hamburg', country: 'DE' },
    carriers: ['sandbox'],
  });
  expect(user.code, JSON.stringify(user)).toBe('OK');
  const key = await post(`/v0/carriergate/users/${user.data.id}/keys`, { name: 'shop' });
  return { id: user.data.id, key: key.data.key };
}

/** A bought one-parcel sandbox shipment: its id and the parcel's tracking number. */
async function bought(key: string): Promise<{ id: number; trackingNumber: string }> {
  const body = { receiver: RECEIVER, parcels: [{ weightKg: 1.1 }], product: 'SBX_PARCEL', carrier: 'sandbox', reference: `TRK-${++serial}` };
  const answer = await withKey('POST', '/v0/gate/shipments', key, body, `gate-tracking-${serial}`);
  expect(answer.code, JSON.stringify(answer)).toBe('OK');
  expect(answer.data.state).toBe('bought');
  return { id: answer.data.id, trackingNumber: answer.data.trackingNumbers[0] };
}

const sign = (text: string) => `sha256=${createHmac('sha256', SECRET).update(text).digest('hex')}`;
async function push(events: unknown[]) {
  const text = JSON.stringify({ events });
  const res = await t.app.inject({
    method: 'POST',
    url: '/v0/carriers/webhooks/sandbox',
    payload: text,
    headers: { 'content-type': 'application/json', 'x-kontor-signature': sign(text) },
  });
  return JSON.parse(res.body);
}
const event = (trackingNumber: string, at: string, kind: string, extra: Record<string, string> = {}) => ({
  trackingNumber,
  at,
  kind,
  code: kind.toUpperCase(),
  text: `${kind} (pushed)`,
  ...extra,
});
const storedFor = async (trackingNumber: string) =>
  Number(
    (
      await t.core.db
        .selectFrom('gate_tracking_events')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('tracking_number', '=', trackingNumber)
        .executeTakeFirstOrThrow()
    ).n,
  );

beforeAll(async () => {
  t = await createTestApp();
  restore = registerCarrierDriver(sandbox);
  admin = await t.login('admin@demo.local');
  // A second sandbox account holds the push secret; the gate buys with the demo's "Sandbox" (first by name).
  const account = await post('/v0/carriers/accounts', {
    name: 'Sandbox push',
    carrier: 'sandbox',
    endpoint: '',
    credentials: { webhookSecret: SECRET },
    options: {},
    shipper: { name1: 'Kontor Hamburg', street: 'Lagerstraße', streetNumber: '1', zip: '20457', city: 'Hamburg', country: 'DE' },
  });
  expect(account.code, JSON.stringify(account)).toBe('OK');
}, 300_000);
afterAll(async () => {
  restore?.();
  await t?.close();
});

describe('gate parcels take pushed events', () => {
  it('stores a pushed event once and answers the parcel with its delivery state and events to its own user only', async () => {
    const owner = await gateUser();
    const other = await gateUser();
    const shipment = await bought(owner.key);
    const body = [event(shipment.trackingNumber, '2026-11-24T12:00:00Z', 'in_transit', { location: 'Hub Leipzig', eventId: 'g-1' })];
    expect(await push(body)).toEqual({ code: 'OK', data: { received: 1, stored: 1, moved: 1, ignored: 0 } });
    // The carrier pushes the same message again: nothing is stored twice, nothing moves, and it is not "ignored" (the parcel is known).
    expect(await push(body)).toEqual({ code: 'OK', data: { received: 1, stored: 0, moved: 0, ignored: 0 } });
    expect(await storedFor(shipment.trackingNumber)).toBe(1);

    const later = [event(shipment.trackingNumber, '2026-11-25T09:00:00Z', 'in_delivery', { eventId: 'g-2' })];
    expect((await push(later)).data).toEqual({ received: 1, stored: 1, moved: 1, ignored: 0 });
    const answer = await withKey('GET', `/v0/gate/shipments/${shipment.id}`, owner.key);
    expect(answer.code).toBe('OK');
    const [parcel] = answer.data.parcels;
    expect(parcel).toMatchObject({ deliveryState: 'in_delivery', lastEventAt: '2026-11-25T09:00:00.000Z' });
    expect(parcel.events.map((e: { kind: string; at: string }) => [e.kind, e.at])).toEqual([
      ['in_delivery', '2026-11-25T09:00:00.000Z'],
      ['in_transit', '2026-11-24T12:00:00.000Z'],
    ]);
    expect(parcel.events[1]).toMatchObject({
      carrier: 'sandbox',
      trackingNumber: shipment.trackingNumber,
      location: 'Hub Leipzig',
      text: 'in_transit (pushed)',
    });

    // The console's list of the user's shipments shows the same.
    const list = await t.call({ method: 'GET', url: `/v0/carriergate/shipments?gateUserId=${owner.id}`, token: admin });
    expect(list.body.data[0].parcels[0]).toMatchObject({ deliveryState: 'in_delivery', events: parcel.events });
    // Another gate user's key finds nothing, events included.
    expect((await withKey('GET', `/v0/gate/shipments/${shipment.id}`, other.key)).code).toBe('NotFound');
  });

  it('keeps the carrier’s latest word: an exception, then delivered after a second attempt', async () => {
    const { key } = await gateUser();
    const shipment = await bought(key);
    const n = shipment.trackingNumber;
    await push([event(n, '2026-11-24T12:00:00Z', 'exception', { exception: 'addressUnknown' })]);
    let parcel = (await withKey('GET', `/v0/gate/shipments/${shipment.id}`, key)).data.parcels[0];
    expect(parcel.deliveryState).toBe('exception');
    expect(parcel.events[0]).toMatchObject({ kind: 'exception', exception: 'addressUnknown' });
    // An older event arriving late does not turn the parcel back.
    await push([event(n, '2026-11-26T10:00:00Z', 'delivered'), event(n, '2026-11-23T08:00:00Z', 'in_transit')]);
    parcel = (await withKey('GET', `/v0/gate/shipments/${shipment.id}`, key)).data.parcels[0];
    expect(parcel).toMatchObject({ deliveryState: 'delivered', lastEventAt: '2026-11-26T10:00:00.000Z' });
    expect(parcel.events.map((e: { kind: string }) => e.kind)).toEqual(['delivered', 'exception', 'in_transit']);
  });

  it('still ignores numbers no order or bought gate parcel carries, a voided parcel’s included', async () => {
    expect(await push([event('SBX-NOBODY-1', '2026-11-24T12:00:00Z', 'delivered')])).toEqual({
      code: 'OK',
      data: { received: 1, stored: 0, moved: 0, ignored: 1 },
    });
    const { key } = await gateUser();
    const shipment = await bought(key);
    expect((await withKey('POST', `/v0/gate/shipments/${shipment.id}/void`, key, {})).data.state).toBe('voided');
    expect((await push([event(shipment.trackingNumber, '2026-11-24T12:00:00Z', 'in_transit')])).data).toEqual({
      received: 1,
      stored: 0,
      moved: 0,
      ignored: 1,
    });
    expect(await storedFor('SBX-NOBODY-1')).toBe(0);
    expect(await storedFor(shipment.trackingNumber)).toBe(0);
  });
});

describe('the tracking poll asks about gate parcels', () => {
  it('walks a sandbox gate parcel to delivered, then asks about it no more', async () => {
    const { key } = await gateUser();
    const shipment = await bought(key);
    const round = async () => {
      const answer = await t.call({ method: 'POST', url: '/v0/outbound/tracking/poll', token: admin, payload: {} });
      expect(answer.body.code, JSON.stringify(answer.body)).toBe('OK');
      return answer.body.data as { gateParcels: number };
    };
    const parcel = async () => (await withKey('GET', `/v0/gate/shipments/${shipment.id}`, key)).data.parcels[0];

    expect((await round()).gateParcels).toBeGreaterThanOrEqual(1);
    expect(await parcel()).toMatchObject({ deliveryState: null, events: [expect.objectContaining({ kind: 'info', code: 'PRE' })] });
    const states: Array<string | null> = [];
    for (let step = 0; step < 3; step++) {
      clock += STEP;
      await round();
      states.push((await parcel()).deliveryState);
    }
    expect(states).toEqual(['in_transit', 'in_delivery', 'delivered']);
    const delivered = await parcel();
    expect(delivered.events.map((e: { code: string }) => e.code)).toEqual(['DLV', 'OUT', 'HUB', 'PRE']);
    expect(delivered.lastEventAt).toBe(new Date(clock).toISOString());

    // Delivered: the next round leaves the parcel out (its poll time stays) and stores nothing.
    const polledAt = async () =>
      (await t.core.db.selectFrom('gate_labels').select('tracking_polled_at').where('shipment_id', '=', shipment.id).executeTakeFirstOrThrow())
        .tracking_polled_at;
    const before = await polledAt();
    clock += STEP;
    await round();
    expect(await polledAt()).toEqual(before);
    expect(await storedFor(shipment.trackingNumber)).toBe(4);
  });
});
