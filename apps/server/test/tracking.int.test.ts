import { OUTBOUND_ORDER, type OutboundState } from '@kontor/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { registerCarrierDriver, type TrackingEvent } from '../src/modules/carriers/index.js';
import { createSandboxDriver, sandboxTrackingNumber } from '../src/modules/carriers/drivers/sandbox/index.js';
import { outboundServices } from '../src/modules/outbound/index.js';
import { createParcelOrder } from './helpers/orders.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/** Carrier tracking to delivery, finishing and partial finishing (issue 19 items 5, 6; docs/shipping.md "Tracking"). */
let t: TestApp;
let office: string;
let merchantA: string;
let merchantB: string;
let clock = Date.parse('2026-11-20T08:00:00Z');
const HOUR = 3_600_000;
/** The demo's sandbox account walks a parcel a step a minute (seed-carriers.ts `stepMinutes`). */
const STEP = 60_000;
const sandbox = createSandboxDriver({ now: () => clock });
let restore: () => void;

beforeAll(async () => {
  t = await createTestApp();
  restore = registerCarrierDriver(sandbox);
  [office, merchantA, merchantB] = await Promise.all([t.login('admin@demo.local'), t.login('merchant-a@demo.local'), t.login('merchant-b@demo.local')]);
});
afterAll(async () => {
  restore?.();
  await t?.close();
});

const code = (state: OutboundState) => OUTBOUND_ORDER.codeOf(state);
const tracking = () => outboundServices(t.core).tracking;
const statusOf = async (id: number) =>
  await t.core.db
    .selectFrom('outbound_orders')
    .select(['status', 'exception_reason', 'exception_owner', 'delivered_at'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
const eventCount = async (id: number) =>
  Number(
    (
      await t.core.db
        .selectFrom('tracking_events')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('order_id', '=', id)
        .executeTakeFirstOrThrow()
    ).n,
  );

let serial = 0;
/** An order of merchant A set to `state` with the given parcels on the sandbox carrier. */
async function orderIn(state: OutboundState, parcels: string[]): Promise<{ id: number; unid: string }> {
  const { id, unid } = await createParcelOrder(t, merchantA, { carrier: 'DHL', remark: `tracking test ${++serial}` });
  await sql`update outbound_orders set status = ${code(state)}, ship_bundle = ${parcels.join('\n')}, shipped_at = now() where id = ${id}`.execute(t.core.db);
  return { id, unid };
}

describe('tracking poll (sandbox carrier)', () => {
  it('walks an order shipped → in transit → in delivery → delivered; a repeated poll stores nothing twice', async () => {
    const order = await orderIn('shipped', [sandboxTrackingNumber('trk-walk-1'), sandboxTrackingNumber('trk-walk-2')]);
    await tracking().pollTracking(1000);
    expect(await eventCount(order.id)).toBe(2); // label created, per parcel
    expect((await statusOf(order.id)).status).toBe(code('shipped'));
    await tracking().pollTracking(1000);
    expect(await eventCount(order.id)).toBe(2);

    clock += STEP;
    const moved = await tracking().pollTracking(1000);
    expect(moved.moved).toBeGreaterThanOrEqual(1);
    expect((await statusOf(order.id)).status).toBe(code('inTransit'));
    // The in-transit list shows the order with its latest event.
    const list = await t.call({ method: 'GET', url: `/v0/outbound/lists/inTransit/?q=${order.unid}`, token: office });
    expect(list.body.code, JSON.stringify(list.body)).toBe('OK');
    expect(list.body.data.data ?? list.body.data.items ?? list.body.data).toContainEqual(
      expect.objectContaining({ id: order.id, trackingKind: 'in_transit', trackingText: 'Parcel sorted at the hub' }),
    );
    clock += STEP;
    await tracking().pollTracking(1000);
    expect((await statusOf(order.id)).status).toBe(code('inDelivery'));
    clock += STEP;
    await tracking().pollTracking(1000);
    const delivered = await statusOf(order.id);
    expect(delivered.status).toBe(code('delivered'));
    expect(delivered.delivered_at).not.toBeNull();
    expect(await eventCount(order.id)).toBe(8);
    const again = await tracking().pollTracking(1000);
    expect(again.events).toBe(0);
    expect(await eventCount(order.id)).toBe(8);

    const history = await t.core.db.selectFrom('outbound_history').select(['action', 'to_status']).where('order_id', '=', order.id).orderBy('id').execute();
    expect(history.filter((h) => h.action === 'tracking').map((h) => h.to_status)).toEqual([code('inTransit'), code('inDelivery'), code('delivered')]);

    // The order drawer's events, newest first; another merchant sees nothing of them.
    const events = await t.call({ method: 'GET', url: `/v0/outbound/orders/${order.id}/tracking`, token: merchantA });
    expect(events.body.code).toBe('OK');
    expect(events.body.data).toHaveLength(8);
    expect(events.body.data[0]).toMatchObject({ kind: 'delivered', carrier: 'sandbox' });
    const foreign = await t.call({ method: 'GET', url: `/v0/outbound/orders/${order.id}/tracking`, token: merchantB });
    expect(foreign.body.code).toBe('NotFound');
  });

  it('finishes a delivered order after finishAfterDays, not before', async () => {
    const order = await orderIn('delivered', [sandboxTrackingNumber('trk-fin')]);
    const deliveredAt = new Date(clock - 13 * 24 * HOUR);
    await t.core.db.updateTable('outbound_orders').set({ delivered_at: deliveredAt }).where('id', '=', order.id).execute();
    await tracking().finishDelivered(new Date(clock));
    expect((await statusOf(order.id)).status).toBe(code('delivered'));
    await tracking().finishDelivered(new Date(clock + 2 * 24 * HOUR));
    expect((await statusOf(order.id)).status).toBe(code('finish'));
  });

  it('a delivery exception moves the order to problem and tells the merchant', async () => {
    const number = sandboxTrackingNumber('trk-exception');
    const order = await orderIn('inTransit', [number]);
    const exception: TrackingEvent = {
      trackingNumber: number,
      at: new Date(clock).toISOString(),
      kind: 'exception',
      exception: 'addressUnknown',
      carrierCode: 'ADR',
      text: 'Addressee unknown',
      eventId: 'evt-1',
    };
    const { merchant_id: merchantId } = await t.core.db
      .selectFrom('outbound_orders')
      .select('merchant_id')
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    const merchantUsers = await t.core.db.selectFrom('users').select('id').where('merchant_id', '=', merchantId).where('disabled', '=', false).execute();
    expect(merchantUsers.length).toBeGreaterThan(0);
    // Each user reads the notice in their own language (lib/notice-texts): one of them German, the rest English by default.
    const german = Number(merchantUsers[0]!.id);
    await t.core.db.updateTable('users').set({ language: 'de' }).where('id', '=', german).execute();
    const undo = registerCarrierDriver({ ...sandbox, track: async (_a, numbers) => (numbers.includes(number) ? [exception] : []) });
    const spy = vi.spyOn(t.core.realtime, 'msgToUser').mockResolvedValue();
    try {
      await tracking().pollTracking(1000);
      await tracking().pollTracking(1000);
    } finally {
      undo();
      await t.core.db.updateTable('users').set({ language: null }).where('id', '=', german).execute();
    }
    const notices = spy.mock.calls.filter(([, text]) => text.includes(order.unid));
    spy.mockRestore();
    const row = await statusOf(order.id);
    expect(row).toMatchObject({ status: code('problem'), exception_reason: 'addressUnknown', exception_owner: 'carrier' });
    expect(await eventCount(order.id)).toBe(1);
    expect(notices).toHaveLength(merchantUsers.length);
    for (const [id, text] of notices)
      expect(text).toBe(
        Number(id) === german
          ? `Zustellproblem bei Auftrag ${order.unid}: ${number} Addressee unknown`
          : `Delivery problem with order ${order.unid}: ${number} Addressee unknown`,
      );
    expect(notices.every(([id]) => merchantUsers.some((u) => Number(u.id) === Number(id)))).toBe(true);
  });
});

describe('partial finish', () => {
  it('staff finish a partially shipped order partially with a reason; a merchant may not', async () => {
    const order = await orderIn('partiallyShipped', ['PART-1', 'PART-2']);
    const url = `/v0/outbound/orders/${order.id}/partialFinish`;
    const noReason = await t.call({ method: 'POST', url, token: office, payload: { reason: ' ' } });
    expect(noReason.body.code, JSON.stringify(noReason.body)).toBe('IntegrityError');
    expect(noReason.body.error.fields[0]).toMatchObject({ field: 'reason' });
    const merchant = await t.call({ method: 'POST', url, token: merchantA, payload: { reason: 'second parcel lost' } });
    expect(merchant.body.code).toBe('NoPermission');
    const done = await t.call({ method: 'POST', url, token: office, payload: { reason: 'second parcel lost' } });
    expect(done.body.code, JSON.stringify(done.body)).toBe('OK');
    expect((await statusOf(order.id)).status).toBe(code('partiallyFinish'));
    const history = await t.core.db
      .selectFrom('outbound_history')
      .select(['action', 'reason'])
      .where('order_id', '=', order.id)
      .where('action', '=', 'partialFinish')
      .execute();
    expect(history).toEqual([{ action: 'partialFinish', reason: 'second parcel lost' }]);
    const twice = await t.call({ method: 'POST', url, token: office, payload: { reason: 'again' } });
    expect(twice.body.code).toBe('InvalidState');
  });

  it('a finished order cannot be finished again: the repeat is refused and changes nothing', async () => {
    const order = await orderIn('delivered', ['FIN-1']);
    const url = `/v0/outbound/orders/${order.id}/status`;
    const done = await t.call({ method: 'POST', url, token: office, payload: { to: 'finish' } });
    expect(done.body.code, JSON.stringify(done.body)).toBe('OK');
    const version = Number(done.body.data.order.version);
    const again = await t.call({ method: 'POST', url, token: office, payload: { to: 'finish' } });
    expect(again.body.code, JSON.stringify(again.body)).toBe('InvalidState');
    expect(again.body.error.fields[0]).toMatchObject({ field: 'status' });
    const row = await t.core.db.selectFrom('outbound_orders').select(['status', 'version']).where('id', '=', order.id).executeTakeFirstOrThrow();
    expect({ status: row.status, version: Number(row.version) }).toEqual({ status: code('finish'), version });
    const finishes = await t.core.db
      .selectFrom('outbound_history')
      .select('id')
      .where('order_id', '=', order.id)
      .where('to_status', '=', code('finish'))
      .execute();
    expect(finishes).toHaveLength(1);
  });
});
