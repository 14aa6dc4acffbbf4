import { describe, expect, it } from 'vitest';
import { CarrierError, type DriverContext, type LabelRequest } from '../src/modules/carriers/driver.js';
import { createSandboxDriver, isSandboxTrackingNumber, sandboxTrackingNumber } from '../src/modules/carriers/drivers/sandbox/index.js';
import { pageSizesMm } from './helpers/pdf.js';

const ctx: DriverContext = { fetch: () => Promise.reject(new Error('the sandbox never calls out')), timeoutMs: 1000 };
const account = { carrier: 'sandbox' as const, endpoint: 'sandbox://offline', credentials: { apiKey: 'demo' }, options: { stepMinutes: '10' } };
const address = { name1: 'Erika Mustermann', street: 'Heidestraße', streetNumber: '17', zip: '51147', city: 'Köln', country: 'DE' };
const request = (over: Partial<LabelRequest> = {}): LabelRequest => ({
  account,
  product: 'SBX_PARCEL',
  services: [],
  shipper: { ...address, name1: 'Kontor Fulfilment', zip: '04109', city: 'Leipzig' },
  consignee: address,
  parcels: [
    { key: 'order-1/parcel-1', weightKg: 2.5 },
    { key: 'order-1/parcel-2', weightKg: 0.8 },
  ],
  reference: 'SO-1',
  format: 'pdf',
  ...over,
});

async function refusal(promise: Promise<unknown>): Promise<CarrierError> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(CarrierError);
  return err as CarrierError;
}

describe('sandbox carrier', () => {
  it('makes valid-looking tracking numbers with a check digit, the same for the same parcel key', () => {
    const a = sandboxTrackingNumber('order-1/parcel-1');
    expect(a).toMatch(/^SBX\d{12}$/);
    expect(isSandboxTrackingNumber(a)).toBe(true);
    expect(sandboxTrackingNumber('order-1/parcel-1')).toBe(a);
    expect(sandboxTrackingNumber('order-1/parcel-2')).not.toBe(a);
    const wrong = a.slice(0, -1) + String((Number(a.slice(-1)) + 1) % 10);
    expect(isSandboxTrackingNumber(wrong)).toBe(false);
  });

  it('buys a 100 × 150 mm label per parcel and a retry answers the same labels', async () => {
    const driver = createSandboxDriver();
    const first = await driver.buy(request(), ctx);
    expect(first.parcels).toHaveLength(2);
    for (const parcel of first.parcels) {
      expect(parcel.format).toBe('pdf');
      expect(pageSizesMm(parcel.label)).toEqual([[100, 150]]);
      expect(parcel.costMinor).toBeGreaterThan(0);
    }
    const again = await driver.buy(request(), ctx);
    expect(again.parcels.map((p) => p.trackingNumber)).toEqual(first.parcels.map((p) => p.trackingNumber));
    // A fresh driver (a restarted server) still answers the same numbers for the same keys.
    const restarted = await createSandboxDriver().buy(request(), ctx);
    expect(restarted.parcels.map((p) => p.trackingNumber)).toEqual(first.parcels.map((p) => p.trackingNumber));
  });

  it('answers ZPL when asked', async () => {
    const { parcels } = await createSandboxDriver().buy(request({ format: 'zpl' }), ctx);
    const zpl = parcels[0]!.label.toString('utf8');
    expect(zpl.startsWith('^XA')).toBe(true);
    expect(zpl.trimEnd().endsWith('^XZ')).toBe(true);
  });

  it('refuses on purpose: zip 00000 as an address, a weight above the limit, a missing customs value', async () => {
    const driver = createSandboxDriver();
    const address0 = await refusal(driver.buy(request({ consignee: { ...address, zip: '00000' } }), ctx));
    expect(address0.kind).toBe('address');
    expect(address0.retryable).toBe(false);
    expect(address0.options.field).toBe('consignee.zip');
    const heavy = await refusal(driver.buy(request({ product: 'SBX_SMALL' }), ctx));
    expect(heavy.kind).toBe('weight');
    expect(heavy.options.field).toBe('parcels.0.weightKg');
    const world = await refusal(driver.buy(request({ product: 'SBX_EXPRESS', consignee: { ...address, country: 'CH', zip: '8001' } }), ctx));
    expect(world.kind).toBe('customs');
    const unknown = await refusal(driver.buy(request({ product: 'NOPE' }), ctx));
    expect(unknown.kind).toBe('service');
    const revoked = await refusal(driver.buy(request({ account: { ...account, credentials: { apiKey: 'revoked' } } }), ctx));
    expect(revoked.kind).toBe('auth');
  });

  it('fails retryably on 99999, and on 88888 sells the label but loses the answer (lookup finds it)', async () => {
    const driver = createSandboxDriver();
    const down = await refusal(driver.buy(request({ consignee: { ...address, zip: '99999' } }), ctx));
    expect(down.retryable).toBe(true);
    expect(down.uncertain).toBe(false);
    expect(await driver.lookup!(account, 'order-1/parcel-1', ctx)).toBeNull();

    const lost = await refusal(driver.buy(request({ consignee: { ...address, zip: '88888' } }), ctx));
    expect(lost.kind).toBe('timeout');
    expect(lost.uncertain).toBe(true);
    const found = await driver.lookup!(account, 'order-1/parcel-1', ctx);
    expect(found?.trackingNumber).toBe(sandboxTrackingNumber('order-1/parcel-1'));
  });

  it('voids (twice too) and a voided label is not found any more', async () => {
    const driver = createSandboxDriver();
    const { parcels } = await driver.buy(request(), ctx);
    const parcel = parcels[0]!;
    await driver.void(account, parcel, ctx);
    await driver.void(account, parcel, ctx);
    expect(await driver.lookup!(account, parcel.key, ctx)).toBeNull();
    const bogus = await refusal(driver.void(account, { trackingNumber: 'XYZ', carrierRef: 'XYZ' }, ctx));
    expect(bogus.kind).toBe('refused');
  });

  it('tracks a parcel through in transit, in delivery and delivered as time passes', async () => {
    let now = Date.parse('2026-11-24T08:00:00Z');
    const driver = createSandboxDriver({ now: () => now });
    const { parcels } = await driver.buy(request(), ctx);
    const tn = parcels[0]!.trackingNumber;
    const kinds = async () => (await driver.track!(account, [tn], ctx)).map((e) => e.kind);
    expect(await kinds()).toEqual(['info']);
    now += 10 * 60_000;
    expect(await kinds()).toEqual(['info', 'in_transit']);
    now += 10 * 60_000;
    expect(await kinds()).toEqual(['info', 'in_transit', 'in_delivery']);
    now += 60 * 60_000;
    const events = await driver.track!(account, [tn], ctx);
    expect(events.map((e) => e.kind)).toEqual(['info', 'in_transit', 'in_delivery', 'delivered']);
    expect(events.at(-1)!.location).toBe('Köln');
    expect((await driver.track!(account, ['NOPE'], ctx))[0]!.kind).toBe('exception');
  });

  it('gives each step of a parcel one event id, so a walk restarted after a server restart stores nothing twice', async () => {
    let now = Date.parse('2026-11-24T08:00:00Z');
    const first = createSandboxDriver({ now: () => now });
    const tn = sandboxTrackingNumber('order-9/parcel-1');
    const before = await first.track!(account, [tn], ctx);
    // The same number asked about by a new process 25 minutes later: its walk starts again from then.
    now += 25 * 60_000;
    const restarted = createSandboxDriver({ now: () => now });
    await restarted.track!(account, [tn], ctx);
    now += 10 * 60_000;
    const after = await restarted.track!(account, [tn], ctx);
    expect(after[0]!.at).not.toBe(before[0]!.at);
    expect(after.map((e) => e.eventId)).toEqual([`${tn}:PRE`, `${tn}:HUB`]);
    expect(after[0]!.eventId).toBe(before[0]!.eventId);
  });
});
