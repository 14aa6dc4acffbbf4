// Labels benchmark (issue 17 item 6), measured side by side in one run:
// 1. shipping labels made per second (100 × 150 mm PDF, each with its own Code 128 tracking number and
//    routing DataMatrix, one document per label as a carrier driver makes them), divided by the fastest
//    thermal printer's 2 labels per second (goal ≥ 20×); the same for ZPL and for pages of one batch;
// 2. BENCH_BATCH (1,000) shipping labels streamed as one PDF in a fresh process, with that process's
//    peak RSS (goal ≤ 300 MB);
// 3. the server: POST /v0/labels/barcodes for BENCH_BATCH labels on the embedded database, the time
//    to the last byte and the server process's peak RSS during the download.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { newDocument, streamPages, toBuffer } from '../apps/server/src/lib/documents/pdf.js';
import { addShippingLabelPage, renderShippingLabel, type ShippingLabelData } from '../apps/server/src/lib/documents/shipping-label.js';
import { sandboxTrackingNumber } from '../apps/server/src/modules/carriers/drivers/sandbox/tracking-number.js';
// @ts-expect-error plain ES module helper
import { fmt } from './lib.mjs';

const LABELS = Number(process.env.BENCH_LABELS ?? 300);
const BATCH = Number(process.env.BENCH_BATCH ?? 1000);
const PRINTER_LABELS_PER_SECOND = 2;
const MB = 1024 * 1024;

/** Every label different (its own tracking number, reference and zip), so no barcode comes from a cache. */
const label = (i: number): ShippingLabelData => ({
  carrierName: 'Sandbox',
  productName: 'Sandbox Parcel',
  shipper: { name1: 'Kontor Fulfilment GmbH', street: 'Lagerstraße', streetNumber: '5', zip: '04109', city: 'Leipzig', country: 'DE' },
  consignee: {
    name1: `Erika Mustermann ${i}`,
    name2: 'c/o Müller',
    street: 'Heidestraße',
    streetNumber: String(1 + (i % 200)),
    zip: String(10000 + ((i * 7919) % 89999)),
    city: 'Köln',
    country: 'DE',
  },
  trackingNumber: sandboxTrackingNumber(`bench/${process.pid}/${i}`),
  reference: `SO-${String(i).padStart(8, '0')}`,
  weightKg: 0.5 + (i % 30),
  parcelIndex: 1,
  parcelCount: 1,
  date: '2026-11-24',
});

/** Peak RSS while `work` runs, sampled every 10 ms. */
async function peakRss<T>(work: () => Promise<T>): Promise<{ result: T; peak: number }> {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
  try {
    const result = await work();
    return { result, peak: Math.max(peak, process.memoryUsage().rss) };
  } finally {
    clearInterval(timer);
  }
}

/** Child mode: stream BATCH labels as one PDF, answer time, bytes and peak RSS on stdout. */
async function streamChild(): Promise<void> {
  const started = performance.now();
  const { result: bytes, peak } = await peakRss(async () => {
    const doc = newDocument('bench');
    let total = 0;
    const indexes = Array.from({ length: BATCH }, (_, i) => i);
    for await (const chunk of streamPages(doc, indexes, (i) => addShippingLabelPage(doc, label(i)))) total += (chunk as Buffer).length;
    return total;
  });
  process.stdout.write(JSON.stringify({ ms: performance.now() - started, bytes, peak }));
}

async function rate(make: (i: number) => Promise<unknown>, count: number, offset: number): Promise<number> {
  const started = performance.now();
  for (let i = 0; i < count; i++) await make(offset + i);
  return count / ((performance.now() - started) / 1000);
}

async function labelsPerSecond() {
  await rate((i) => renderShippingLabel(label(i), 'pdf'), 20, 1_000_000); // warm up fonts, bwip-js and the JIT
  const pdf = await rate((i) => renderShippingLabel(label(i), 'pdf'), LABELS, 0);
  const zpl = await rate((i) => renderShippingLabel(label(i), 'zpl'), LABELS, 0);
  const started = performance.now();
  const doc = newDocument('batch');
  for (let i = 0; i < LABELS; i++) addShippingLabelPage(doc, label(2_000_000 + i));
  await toBuffer(doc);
  const batch = LABELS / ((performance.now() - started) / 1000);
  return { pdf, zpl, batch };
}

function streamedInChild(): Promise<{ ms: number; bytes: number; peak: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), 'stream-child'], {
      env: { ...process.env, BENCH_BATCH: String(BATCH) },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve(JSON.parse(out) as { ms: number; bytes: number; peak: number }) : reject(new Error(`child exited ${code}`)),
    );
  });
}

async function throughServer() {
  // Imported here, not at the top: the streaming child must not load the server (its RSS is the measure).
  const [{ buildApp }, { configFor }, { openDatabase }, { migrateToLatest }, { seedDemo, seedRoles }] = await Promise.all([
    import('../apps/server/src/app.js'),
    import('../apps/server/src/config.js'),
    import('../apps/server/src/db/database.js'),
    import('../apps/server/src/db/migrate.js'),
    import('../apps/server/src/seed/seed.js'),
  ]);
  const database = await openDatabase({});
  await migrateToLatest(database.db);
  await seedRoles(database.db);
  await seedDemo(database.db);
  const { app } = await buildApp({ config: configFor({ CAPTCHA_FIXED: 'bench', LOG_LEVEL: 'silent', LABEL_MAX_PER_REQUEST: String(BATCH) }), database });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  try {
    const captcha = (await (await fetch(`${base}/v0/captcha/`)).json()) as { data: { id: string } };
    const login = (await (
      await fetch(`${base}/v0/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ account: 'warehouse@demo.local', passwd: 'demo1234', xxs: captcha.data.id, captcha: 'bench' }),
      })
    ).json()) as { data: { token: string } };
    const before = process.memoryUsage().rss;
    const started = performance.now();
    const { result: bytes, peak } = await peakRss(async () => {
      const res = await fetch(`${base}/v0/labels/barcodes`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-token': login.data.token },
        body: JSON.stringify({ symbology: 'code128', range: { from: 1, to: BATCH, prefix: 'SBX', padding: 12 }, size: '100x150' }),
      });
      if (res.headers.get('content-type') !== 'application/pdf') throw new Error(`no PDF: ${await res.text()}`);
      let total = 0;
      for await (const chunk of res.body!) total += (chunk as Uint8Array).length;
      return total;
    });
    return { ms: performance.now() - started, bytes, peak, before };
  } finally {
    await app.close();
    await database.close();
  }
}

if (process.argv[2] === 'stream-child') {
  await streamChild();
} else {
  const speed = await labelsPerSecond();
  const streamed = await streamedInChild();
  const server = await throughServer();
  console.log('\nLabels');
  console.log(`  shipping labels, one PDF each             ${fmt(speed.pdf, 1)} labels/s`);
  console.log(`  ratio to a thermal printer (2 labels/s)   ${fmt(speed.pdf / PRINTER_LABELS_PER_SECOND, 1)}×   (goal ≥ 20×)`);
  console.log(`  shipping labels as ZPL                    ${fmt(speed.zpl, 1)} labels/s (${fmt(speed.zpl / PRINTER_LABELS_PER_SECOND, 1)}×)`);
  console.log(`  shipping labels as pages of one PDF       ${fmt(speed.batch, 1)} labels/s (${fmt(speed.batch / PRINTER_LABELS_PER_SECOND, 1)}×)`);
  console.log(
    `  ${BATCH} labels streamed as one PDF           ${fmt(streamed.ms)} ms, ${fmt(streamed.bytes / MB, 1)} MB, peak RSS ${fmt(streamed.peak / MB)} MB   (goal ≤ 300 MB)`,
  );
  console.log(
    `  server: ${BATCH} barcode labels, one PDF       ${fmt(server.ms)} ms, ${fmt(server.bytes / MB, 1)} MB, server RSS ${fmt(server.before / MB)} → peak ${fmt(server.peak / MB)} MB (embedded database included)`,
  );
}
