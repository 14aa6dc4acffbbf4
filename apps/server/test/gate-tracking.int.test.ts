import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerCarrierDriver, type CarrierDriver } from '../src/modules/carriers/index.js';
import { createSandboxDriver } from '../src/modules/carriers/drivers/sandbox/index.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/**
 * The carrier gate's parcels tracked to delivery (issue 19 item 5; docs/carrier-gate.md "Tracking"): a
 * pushed event of a bought gate parcel is stored once and answered with the parcel's delivery state to
 * its gate user only; numbers no order or gate parcel carries are still ignored; the poll walks a sandbox
 * gate parcel to delivered and then leaves it alone. A delivery exception, pushed or polled, is mailed to
 * the gate user through the outbox once per event, in the user's language ("Exception mails").
 */
let t: TestApp;
let admin: string;
let clock = Date.parse('2026-11-20T08:00:00Z');
/** The demo's sandbox account (the first by name, so the gate buys with it) walks a parcel a step a minute. */
const STEP = 60_000;
const SECRET = 'gate-hook-secret-0123456789';
const sandbox = createSandboxDriver({ now: () => clock });
/** Numbers the carrier reports an exception for when asked (the sandbox walks every parcel without one). */
const troubled = new Map<string, { at: string; exception: string }>();
const withTrouble: CarrierDriver = {
  ...sandbox,
  async track(account, numbers, ctx) {
    const walked = await sandbox.track!(account, numbers, ctx);
    const reported = numbers.flatMap((n) => {
      const trouble = troubled.get(n);
      return trouble
        ? [
            {
              trackingNumber: n,
              at: trouble.at,
              kind: 'exception' as const,
              carrierCode: 'NDL',
              text: 'Not deliverable',
              location: 'Berlin',
              exception: trouble.exception as never,
            },
          ]
        : [];
    });
    return [...walked, ...reported];
  },
};
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

async function gateUser(fields: { email?: string; language?: string } = {}): Promise<{ id: number; key: string }> {
  const user = await post('/v0/carriergate/users', {
    ...fields,
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
  restore = registerCarrierDriver(withTrouble);
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

describe('a voided shipment’s retry', () => {
  it('answers the parcels with their carrier events, as GET does', async () => {
    const { key } = await gateUser();
    const body = { receiver: RECEIVER, parcels: [{ weightKg: 1.1 }], product: 'SBX_PARCEL', carrier: 'sandbox', reference: `VOID-${++serial}` };
    const idem = `gate-void-retry-${serial}`;
    const first = await withKey('POST', '/v0/gate/shipments', key, body, idem);
    expect(first.data.state).toBe('bought');
    await push([event(first.data.trackingNumbers[0], '2026-11-24T12:00:00Z', 'in_transit', { eventId: `void-${serial}` })]);
    expect((await withKey('POST', `/v0/gate/shipments/${first.data.id}/void`, key, {})).data.state).toBe('voided');

    const retry = await withKey('POST', '/v0/gate/shipments', key, body, idem);
    const read = await withKey('GET', `/v0/gate/shipments/${first.data.id}`, key);
    expect(read.data.parcels[0].events).toHaveLength(1);
    expect(retry).toEqual(read);
  });
});

/** The mails in the outbox to this address, oldest first. */
const mailsTo = (to: string) =>
  t.core.db.selectFrom('mail_outbox').select(['to_address', 'subject', 'body']).where('to_address', '=', to).orderBy('id').execute();
/** Outbox mails naming this tracking number, whoever they went to. */
const mailsNaming = async (trackingNumber: string) =>
  (await t.core.db.selectFrom('mail_outbox').select('body').execute()).filter((m) => m.body.includes(trackingNumber)).length;
let mailSerial = 0;
const address = () => `gate-notice-${++mailSerial}@shop.example`;

describe('a gate user is told of a delivery exception by e-mail', () => {
  it('mails a pushed exception once, a second exception once more, and nothing for other events', async () => {
    const email = address();
    const { key } = await gateUser({ email });
    const shipment = await bought(key);
    const n = shipment.trackingNumber;
    const exception = [
      event(n, '2026-11-24T12:00:00Z', 'exception', { exception: 'addressUnknown', eventId: `x-${n}-1`, location: 'Berlin Mitte', text: 'Recipient unknown' }),
    ];
    expect((await push(exception)).data).toEqual({ received: 1, stored: 1, moved: 1, ignored: 0 });
    expect(await push(exception)).toEqual({ code: 'OK', data: { received: 1, stored: 0, moved: 0, ignored: 0 } });
    await push([event(n, '2026-11-24T15:00:00Z', 'in_transit', { eventId: `x-${n}-2` })]);

    const mails = await mailsTo(email);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail!.subject).toBe(`Delivery exception: Address unknown, parcel ${n} (shipment ${shipment.id})`);
    const reference = `TRK-${serial}`;
    for (const line of [
      `Shipment: ${shipment.id}`,
      `Your reference: ${reference}`,
      `Tracking number: ${n}`,
      'Carrier: Sandbox carrier',
      'Exception: Address unknown',
      "Carrier's words: Recipient unknown",
      'Time: 2026-11-24 13:00:00 (Europe/Berlin)',
      'Location: Berlin Mitte',
    ])
      expect(mail!.body).toContain(line);

    // Another exception of the same parcel (a second attempt, damaged this time) is another mail.
    await push([event(n, '2026-11-25T09:00:00Z', 'exception', { exception: 'damaged', eventId: `x-${n}-3` })]);
    expect((await mailsTo(email)).map((m) => m.subject)).toEqual([mail!.subject, `Delivery exception: Damaged, parcel ${n} (shipment ${shipment.id})`]);
  });

  it('mails in the gate user’s language, chosen on the form and changed later', async () => {
    const email = address();
    const user = await gateUser({ email, language: 'de' });
    expect((await t.call({ method: 'GET', url: `/v0/carriergate/users?q=${encodeURIComponent(email)}`, token: admin })).body.data.data[0].language).toBe('de');
    const first = await bought(user.key);
    await push([event(first.trackingNumber, '2026-11-24T12:00:00Z', 'exception', { exception: 'returnedToSender' })]);
    const [german] = await mailsTo(email);
    expect(german!.subject).toBe(`Zustellproblem: Zurück an Absender, Paket ${first.trackingNumber} (Sendung ${first.id})`);
    expect(german!.body).toContain('Versanddienstleister: Sandbox-Versanddienstleister');

    const changed = await t.call({ method: 'PUT', url: `/v0/carriergate/users/${user.id}`, token: admin, payload: { language: 'cn' } });
    expect(changed.body.data.language).toBe('cn');
    const second = await bought(user.key);
    await push([event(second.trackingNumber, '2026-11-24T12:00:00Z', 'exception', {})]);
    const chinese = (await mailsTo(email))[1]!;
    expect(chinese.subject).toBe(`派送异常：派送异常，包裹 ${second.trackingNumber}（运单 ${second.id}）`);
    expect(chinese.body).toContain('时间：2026-11-24 13:00:00（欧洲/柏林时间）');
    // English unless chosen: a user made without a language answers en.
    expect((await post('/v0/carriergate/users', { company: 'No language', address: RECEIVER })).data.language).toBe('en');
  });

  it('sends nothing to a gate user without an e-mail address, and the push succeeds', async () => {
    const { key } = await gateUser({ email: '' });
    const shipment = await bought(key);
    const before = Number(
      (
        await t.core.db
          .selectFrom('mail_outbox')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    expect((await push([event(shipment.trackingNumber, '2026-11-24T12:00:00Z', 'exception', { exception: 'damaged' })])).data).toMatchObject({ stored: 1 });
    expect(await mailsNaming(shipment.trackingNumber)).toBe(0);
    const after = Number(
      (
        await t.core.db
          .selectFrom('mail_outbox')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    expect(after).toBe(before);
    // Counted as told (an address added later gets later exceptions): a round's sweep sends nothing either.
    const told = await t.core.db.selectFrom('gate_tracking_events').select('noticed_at').where('tracking_number', '=', shipment.trackingNumber).execute();
    expect(told.map((e) => e.noticed_at)).toEqual([expect.any(Date)]);
    await t.call({ method: 'POST', url: '/v0/outbound/tracking/poll', token: admin, payload: {} });
    expect(await mailsNaming(shipment.trackingNumber)).toBe(0);
  });

  it('mails a polled exception once, however often the poll hears it', async () => {
    const email = address();
    const { key } = await gateUser({ email });
    const shipment = await bought(key);
    troubled.set(shipment.trackingNumber, { at: new Date(clock).toISOString(), exception: 'addressUnknown' });
    try {
      const round = () => t.call({ method: 'POST', url: '/v0/outbound/tracking/poll', token: admin, payload: {} });
      expect((await round()).body.code).toBe('OK');
      const parcel = (await withKey('GET', `/v0/gate/shipments/${shipment.id}`, key)).data.parcels[0];
      expect(parcel.deliveryState).toBe('exception');
      expect(await mailsTo(email)).toHaveLength(1);
      // The parcel is not delivered, so the next rounds ask about it again and hear the same exception: no second mail.
      await t.core.db.updateTable('gate_labels').set({ tracking_polled_at: null }).where('shipment_id', '=', shipment.id).execute();
      await round();
      await round();
      const mails = await mailsTo(email);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.body).toContain('Location: Berlin');
      expect(mails[0]!.body).toContain("Carrier's words: Not deliverable");
    } finally {
      troubled.delete(shipment.trackingNumber);
    }
  });

  it('keeps the events when the outbox cannot take the mail, and the next round tells the user', async () => {
    const email = address();
    const { key } = await gateUser({ email });
    const shipment = await bought(key);
    const send = t.core.mailer.send;
    t.core.mailer.send = () => Promise.reject(new Error('outbox unavailable'));
    try {
      const answer = await push([event(shipment.trackingNumber, '2026-11-24T12:00:00Z', 'exception', { exception: 'addressUnknown' })]);
      expect(answer).toEqual({ code: 'OK', data: { received: 1, stored: 1, moved: 1, ignored: 0 } });
    } finally {
      t.core.mailer.send = send;
    }
    expect(await storedFor(shipment.trackingNumber)).toBe(1);
    expect(await mailsTo(email)).toHaveLength(0);
    await t.call({ method: 'POST', url: '/v0/outbound/tracking/poll', token: admin, payload: {} });
    expect(await mailsTo(email)).toHaveLength(1);
    await t.call({ method: 'POST', url: '/v0/outbound/tracking/poll', token: admin, payload: {} });
    expect(await mailsTo(email)).toHaveLength(1);
  });

  it('sends one mail when pushes of one exception and a round race for it', async () => {
    const email = address();
    const { key } = await gateUser({ email });
    const shipment = await bought(key);
    const body = [event(shipment.trackingNumber, '2026-11-24T12:00:00Z', 'exception', { exception: 'damaged', eventId: `race-${serial}` })];
    await Promise.all([push(body), push(body), t.call({ method: 'POST', url: '/v0/outbound/tracking/poll', token: admin, payload: {} }), push(body)]);
    const events = (await withKey('GET', `/v0/gate/shipments/${shipment.id}`, key)).data.parcels[0].events;
    expect(events.filter((e: { kind: string }) => e.kind === 'exception')).toHaveLength(1);
    expect(await mailsTo(email)).toHaveLength(1);
  });
});
