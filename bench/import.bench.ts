// Import benchmark (issue 15 item 1), measured side by side in one run on the embedded database:
// 1. reading an uploaded table: XLSX and CSV rows per second with the streaming reader, and the time
//    of the old whole-workbook reader (columnCount inside the row loop) divided by the new one's on
//    the same BENCH_OLD_ROWS-row file;
// 2. an item import of BENCH_ROWS rows run as a job (read and checked in full; the last row is bad so
//    nothing is written) in rows per second, and the latency of another user's GET /v0/version/ and
//    item list during the import divided by the same calls' latency while the server is idle
//    (goal: the worst call during the import under 1 s);
// 3. items written per second by an import of BENCH_WRITE_ROWS rows (transactions of 200).
import ExcelJS from 'exceljs';
import { buildApp } from '../apps/server/src/app.js';
import { configFor } from '../apps/server/src/config.js';
import { openDatabase } from '../apps/server/src/db/database.js';
import { migrateToLatest } from '../apps/server/src/db/migrate.js';
import { readTableFile, tableLimits } from '../apps/server/src/lib/table-file.js';
import { seedDemo, seedRoles } from '../apps/server/src/seed/seed.js';
import { multipart } from '../apps/server/test/helpers/upload.js';
import { xlsxOf } from '../apps/server/test/helpers/zip-files.js';
// @ts-expect-error plain ES module helper
import { fmt, median } from './lib.mjs';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const OLD_ROWS = Number(process.env.BENCH_OLD_ROWS ?? 5000);
const WRITE_ROWS = Number(process.env.BENCH_WRITE_ROWS ?? 2000);

/** The reader before issue 15: the whole workbook in memory, sheet.columnCount recomputed per row. */
async function oldReadXlsx(data: Buffer): Promise<number> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(data as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  let rows = 0;
  sheet.eachRow({ includeEmpty: true }, (row) => {
    const cells: string[] = [];
    for (let col = 1; col <= sheet.columnCount; col++) cells.push(row.getCell(col).text ?? '');
    rows++;
  });
  return rows;
}

const itemRow = (i: number) => [`BENCH-${i}`, `Bench item ${i}`, `40${String(i).padStart(11, '0')}`, 1.5];
const seconds = async (work: () => Promise<unknown>) => {
  const started = performance.now();
  await work();
  return (performance.now() - started) / 1000;
};

async function readRates() {
  const limits = { ...tableLimits(configFor()), maxRows: 10_000_000, maxCells: 100_000_000 };
  const xlsx = await xlsxOf(['sku', 'name', 'barcode', 'weight'], ROWS, itemRow);
  const csv = Buffer.from(['sku,name,barcode,weight', ...Array.from({ length: ROWS }, (_, i) => itemRow(i).join(','))].join('\n'));
  const xlsxS = await seconds(() => readTableFile(xlsx, limits));
  const csvS = await seconds(() => readTableFile(csv, limits));
  const small = await xlsxOf(['sku', 'name', 'barcode', 'weight'], OLD_ROWS, itemRow);
  const oldS = await seconds(() => oldReadXlsx(small));
  const newS = await seconds(() => readTableFile(small, limits));
  return { xlsx: ROWS / xlsxS, csv: ROWS / csvS, oldS, newS };
}

async function importUnderLoad() {
  const database = await openDatabase({});
  await migrateToLatest(database.db);
  await seedRoles(database.db);
  await seedDemo(database.db);
  const { app, core } = await buildApp({ config: configFor({ CAPTCHA_FIXED: 'bench', LOG_LEVEL: 'silent' }), database });
  await app.ready();
  const login = async (account: string) => {
    const captcha = (await app.inject({ method: 'GET', url: '/v0/captcha/' })).json() as { data: { id: string } };
    const res = await app.inject({ method: 'POST', url: '/v0/auth/login', payload: { account, passwd: 'demo1234', xxs: captcha.data.id, captcha: 'bench' } });
    return (res.json() as { data: { token: string } }).data.token;
  };
  const [merchant, admin] = [await login('merchant-a@demo.local'), await login('admin@demo.local')];
  const queue = async (name: string, data: Buffer) => {
    const body = multipart(name, data);
    const up = (
      await app.inject({ method: 'POST', url: '/v0/statics/upload/intern', headers: { ...body.headers, 'x-token': merchant }, payload: body.payload })
    ).json();
    const job = (await app.inject({ method: 'POST', url: '/v0/items/import', headers: { 'x-token': merchant }, payload: { fileId: up.data.id } })).json();
    if (job.code !== 'OK') throw new Error(JSON.stringify(job));
  };
  /** Latencies (ms) of the other user's calls while `busy()` answers true. */
  const probe = async (busy: () => boolean, min = 0) => {
    const latencies: number[] = [];
    while (busy() || latencies.length < min) {
      for (const url of ['/v0/version/', '/v0/items/?l=25']) {
        const started = performance.now();
        await app.inject({ method: 'GET', url, headers: { 'x-token': admin } });
        latencies.push(performance.now() - started);
      }
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    return latencies;
  };
  const idle = await probe(() => false, 40);
  const file = await xlsxOf(['sku', 'name', 'barcode', 'weight'], ROWS, (i) => (i === ROWS - 1 ? ['', 'no sku', '', 1] : itemRow(i)));
  await queue('bench.xlsx', file);
  let running = true;
  const started = performance.now();
  const job = core.jobs!.runner!.drain().finally(() => (running = false));
  const busy = await probe(() => running);
  await job;
  const importS = (performance.now() - started) / 1000;
  const csv = Buffer.from(['sku,name', ...Array.from({ length: WRITE_ROWS }, (_, i) => `W-${i},Written ${i}`)].join('\n'));
  await queue('write.csv', csv);
  const writeS = await seconds(() => core.jobs!.runner!.drain());
  await app.close();
  await database.close();
  return { importRate: ROWS / importS, idle, busy, writeRate: WRITE_ROWS / writeS };
}

const reads = await readRates();
const load = await importUnderLoad();
const ms = (v: number) => `${fmt(v, 1)} ms`;
console.log(`Import benchmark (${fmt(ROWS)} rows; embedded database)`);
console.log(`  read XLSX (streaming)              ${fmt(reads.xlsx)} rows/s`);
console.log(`  read CSV                           ${fmt(reads.csv)} rows/s`);
console.log(`  old reader / new reader, ${fmt(OLD_ROWS)} rows  ${fmt(reads.oldS, 2)} s / ${fmt(reads.newS, 2)} s = ${fmt(reads.oldS / reads.newS, 1)}x`);
console.log(`  import job (read + check)          ${fmt(load.importRate)} rows/s`);
console.log(`  items written by an import         ${fmt(load.writeRate)} rows/s`);
console.log(
  `  another user's calls: median ${ms(median(load.busy))} during / ${ms(median(load.idle))} idle = ${fmt(median(load.busy) / median(load.idle), 1)}x; ` +
    `worst ${ms(Math.max(...load.busy))} during / ${ms(Math.max(...load.idle))} idle (goal: worst < 1000 ms) over ${load.busy.length} calls`,
);
if (Math.max(...load.busy) >= 1000) process.exitCode = 1;
