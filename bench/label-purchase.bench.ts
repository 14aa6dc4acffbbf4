// Label purchase benchmark (issue 17 "Done when"), measured in one run on PostgreSQL: 16 packing stations
// ask for the labels of the same orders at once (`POST /v0/order/batchPrintLabel`, each order asked by
// every station, in its own order), against a local fake of DHL's Parcel DE Shipping API that counts
// what it sells. Reported: labels sold per order (goal exactly 1: 0 bought twice, 0 missing), labels per
// second through Kontor, and the time of one purchase through Kontor divided by the same DHL call made
// by the driver directly, side by side (the fixed cost of keys, rows and files around a carrier call).
// PostgreSQL: BENCH_DATABASE_URL (default the local test server); a scratch database is dropped at the end.
import { dhlDriver } from '../apps/server/src/modules/carriers/drivers/dhl/index.js';
import { DHL_FAKE_CREDENTIALS, startDhlFake } from '../apps/server/test/carrier-drivers/fakes/dhl-fake.js';
import { scratchPostgres } from './scratch-db.js';
// @ts-expect-error plain ES module helper
import { fmt, median } from './lib.mjs';
import { apiCaller, demoApp, parcelOrder, signIn } from './http-session.js';

const BASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const STATIONS = Number(process.env.BENCH_STATIONS ?? 16);
const ORDERS = Number(process.env.BENCH_LABEL_ORDERS ?? 60);
const SHIPPER = { name1: 'Kontor Fulfilment Hamburg', street: 'Lagerstraße', streetNumber: '1', zip: '20457', city: 'Hamburg', country: 'DE' };
const OPTIONS = { ekp: '3333333333', participation: '01' };

const database = await scratchPostgres(BASE_URL, STATIONS + 8);
const fake = await startDhlFake();
const { app, base } = await demoApp(database);

const call = apiCaller(base);
/** A merchant's one-parcel DHL order to Munich, with stock (ANK-CHG-65 has hundreds). */
const dhlOrder = (token: string, refOrderId: string) => call('POST', '/v0/outbound/orders', token, parcelOrder('ANK-CHG-65', { weight: 1.2, refOrderId }));
const shuffled = <T>(list: T[]) =>
  list
    .map((v) => [Math.random(), v] as const)
    .sort((a, b) => a[0] - b[0])
    .map(([, v]) => v);

try {
  const admin = await signIn(base, 'admin@demo.local');
  const merchant = await signIn(base, 'merchant-a@demo.local');
  const account = await call('POST', '/v0/carriers/accounts', admin, {
    name: 'DHL (bench fake)',
    carrier: 'dhl',
    endpoint: fake.url,
    credentials: DHL_FAKE_CREDENTIALS,
    options: OPTIONS,
    shipper: SHIPPER,
  });
  await call('POST', '/v0/carriers/rules', admin, { orderCarrier: 'DHL', accountId: account.id, product: 'V01PAK', priority: 10 });

  const orders: number[] = [];
  for (let i = 0; i < ORDERS; i++) {
    const order = await dhlOrder(merchant, `BENCH-LBL-${i}`);
    orders.push(order.id);
  }

  // Every station asks for every order's label, in its own order, all at once.
  const station = await signIn(base, 'station@demo.local');
  const latencies: number[] = [];
  const started = performance.now();
  await Promise.all(
    Array.from({ length: STATIONS }, async () => {
      for (const id of shuffled(orders)) {
        const t0 = performance.now();
        await call('POST', '/v0/order/batchPrintLabel', station, [{ id }]);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const sold = fake.live.size;
  const perOrder = new Map<string, number>();
  for (const req of fake.requests.filter((r) => r.method === 'POST')) {
    for (const s of (JSON.parse(req.body || '{}').shipments ?? []) as Array<{ refNo?: string }>)
      perOrder.set(String(s.refNo), (perOrder.get(String(s.refNo)) ?? 0) + 1);
  }
  const twice = [...perOrder.values()].filter((n) => n > 1).length;
  // Every order must be packing completed with its tracking number: a refusal would make the count meaningless.
  const unlabelled = (await Promise.all(orders.map((id) => call('GET', `/v0/carriers/orders/${id}/labels`, admin)))).filter(
    (labels: Array<{ state: string }>) => !labels.some((l) => l.state === 'bought'),
  ).length;

  // One purchase through Kontor (a fresh order, one station) against the same call by the driver itself.
  const api: number[] = [];
  const direct: number[] = [];
  for (let i = 0; i < 20; i++) {
    const order = await dhlOrder(merchant, `BENCH-ONE-${i}`);
    let t0 = performance.now();
    await call('POST', '/v0/order/batchPrintLabel', station, [{ id: order.id }]);
    api.push(performance.now() - t0);
    t0 = performance.now();
    await dhlDriver.buy(
      {
        account: { carrier: 'dhl', endpoint: fake.url, credentials: DHL_FAKE_CREDENTIALS, options: OPTIONS },
        product: 'V01PAK',
        services: [],
        shipper: SHIPPER,
        consignee: { name1: 'Erika Muster', street: 'Ring', streetNumber: '3', zip: '80331', city: 'München', country: 'DE' },
        parcels: [{ key: `direct-${i}`, weightKg: 1.2 }],
        reference: `DIRECT-${i}-REF`,
        format: 'pdf',
      },
      { fetch, timeoutMs: 20_000 },
    );
    direct.push(performance.now() - t0);
  }

  console.log(`\nLabel purchases (PostgreSQL, ${STATIONS} stations asking for the same ${ORDERS} orders at once, DHL fake)`);
  console.log(`  labels sold ${sold} for ${ORDERS} orders: bought twice ${twice}, orders without a label ${unlabelled}   (goal 0 and 0)`);
  console.log(`  batchPrintLabel calls ${latencies.length} in ${fmt(seconds, 1)} s, median ${fmt(median(latencies), 1)} ms`);
  console.log(
    `  one purchase        API ${fmt(median(api), 2)} ms   driver alone ${fmt(median(direct), 2)} ms   ratio ${fmt(median(api) / median(direct), 2)}`,
  );
  console.log(
    `  one station buys    ${fmt(1000 / median(api), 1)} labels/s, ${fmt(500 / median(api), 1)}x the 2 labels/s of a fast thermal printer   (goal ≥ 20x)`,
  );
} finally {
  await app.close();
  await fake.close();
  await database.close();
}
