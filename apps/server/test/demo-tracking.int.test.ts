import { OUTBOUND_ORDER } from '@kontor/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { registerCarrierDriver } from '../src/modules/carriers/index.js';
import { createSandboxDriver, isSandboxTrackingNumber } from '../src/modules/carriers/drivers/sandbox/index.js';
import { outboundServices } from '../src/modules/outbound/index.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/**
 * The demo's tracking (issue 19 item 9, docs/shipping.md "The sandbox in the demo"): the demo's orders on
 * their way carry sandbox numbers, the seeded sandbox account takes a step a minute, and with demo data
 * the poll runs every minute, so `npm start` shows a parcel reach delivered within minutes. The facts'
 * orders keep their numbers.
 */
let t: TestApp;
let clock = Date.parse('2026-11-25T08:00:00Z');
const MINUTE = 60_000;
const sandbox = createSandboxDriver({ now: () => clock });
let restore: () => void;
beforeAll(async () => {
  t = await createTestApp();
  restore = registerCarrierDriver(sandbox);
}, 300_000);
afterAll(async () => {
  restore?.();
  await t?.close();
});

const code = (state: Parameters<typeof OUTBOUND_ORDER.codeOf>[0]) => OUTBOUND_ORDER.codeOf(state);
const orders = () => t.core.db.selectFrom('outbound_orders').select(['id', 'unid', 'status', 'ship_bundle']).orderBy('id').execute();

describe('demo tracking', () => {
  it('keeps the facts’ parcels and gives the orders on their way sandbox numbers', async () => {
    const all = await orders();
    const byUnid = (unid: string) => all.find((o) => o.unid === unid);
    expect(byUnid('MO20260001')?.ship_bundle).toBe('TRK1001\nTRK1002');
    expect(byUnid('MO20260002')?.ship_bundle).toBe('TRK2001');
    expect(byUnid('MO20260099')?.ship_bundle).toBe('CANCEL1');
    const onTheirWay = all.filter((o) => [code('shipped'), code('inTransit')].includes(o.status));
    expect(onTheirWay.length).toBeGreaterThanOrEqual(2);
    expect(onTheirWay.every((o) => o.ship_bundle.split('\n').every(isSandboxTrackingNumber))).toBe(true);
  });

  it('walks them to delivered, a step a minute, with the seeded sandbox account', async () => {
    const before = (await orders()).filter((o) => [code('shipped'), code('inTransit')].includes(o.status));
    const ids = before.map((o) => o.id);
    const tracking = outboundServices(t.core).tracking;
    const states: number[][] = [];
    for (let minute = 0; minute < 4; minute++) {
      await tracking.pollTracking(1000);
      states.push((await orders()).filter((o) => ids.includes(o.id)).map((o) => o.status));
      clock += MINUTE;
    }
    // Minute 0: label created (nothing moves); 1: sorted at the hub; 2: out for delivery; 3: delivered.
    expect(states[0]).toEqual(before.map((o) => o.status));
    expect(states[1]!.every((s) => s === code('inTransit'))).toBe(true);
    expect(states[2]!.every((s) => s === code('inDelivery'))).toBe(true);
    expect(states[3]!.every((s) => s === code('delivered'))).toBe(true);
    const events = await t.core.db.selectFrom('tracking_events').select(['carrier', 'code']).where('order_id', 'in', ids).execute();
    expect(events.every((e) => e.carrier === 'sandbox')).toBe(true);
    expect(new Set(events.map((e) => e.code))).toEqual(new Set(['PRE', 'HUB', 'OUT', 'DLV']));
  });

  it('polls every minute with demo data, every five without, unless TRACKING_POLL_MS says otherwise', () => {
    expect(loadConfig({ DEMO_DATA: '1' }).TRACKING_POLL_MS).toBe(60_000);
    expect(loadConfig({ DEMO_DATA: '0' }).TRACKING_POLL_MS).toBe(300_000);
    expect(loadConfig({ DEMO_DATA: '1', TRACKING_POLL_MS: '0' }).TRACKING_POLL_MS).toBe(0);
  });
});
