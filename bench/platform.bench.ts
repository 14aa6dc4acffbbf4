// Platform benchmark (issue 2): throughput of an authenticated no-op route through the whole hook
// chain (origin, token, session cache, access) divided by that of a bare Fastify route, measured in
// alternating rounds in one run; and the server's start-up time on the embedded database.
import Fastify from 'fastify';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../apps/server/src/app.js';
import { configFor } from '../apps/server/src/config.js';
import { openDatabase } from '../apps/server/src/db/database.js';
import { migrateToLatest } from '../apps/server/src/db/migrate.js';
import { seedDemo, seedRoles } from '../apps/server/src/seed/seed.js';
// @ts-expect-error plain ES module helper
import { fmt, median, throughput } from './lib.mjs';
import { listenLocally, signIn } from './http-session.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const MS = Number(process.env.BENCH_MS ?? 2500);

async function hookChainRatio() {
  const database = await openDatabase({});
  await migrateToLatest(database.db);
  await seedRoles(database.db);
  await seedDemo(database.db);
  const { app } = await buildApp({ config: configFor({ CAPTCHA_FIXED: 'bench', LOG_LEVEL: 'silent' }), database });
  const base = await listenLocally(app);
  const token = await signIn(base, 'staff@demo.local');

  const bare = Fastify({ logger: false });
  bare.get('/ping', async () => ({ code: 'OK', data: null }));
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const bareUrl = `http://127.0.0.1:${(bare.server.address() as { port: number }).port}/ping`;

  const kontor: number[] = [];
  const plain: number[] = [];
  await throughput(bareUrl, { ms: 500 });
  await throughput(`${base}/v0/ping`, { ms: 500, headers: { 'x-token': token } });
  for (let round = 0; round < ROUNDS; round++) {
    const k = await throughput(`${base}/v0/ping`, { ms: MS, headers: { 'x-token': token } });
    const b = await throughput(bareUrl, { ms: MS });
    if (k.errors) throw new Error(`hook chain answered ${k.errors} non-200 responses`);
    kontor.push(k.rps);
    plain.push(b.rps);
  }
  await app.close();
  await bare.close();
  await database.close();
  return { kontor: median(kontor), bare: median(plain) };
}

async function startupMs(dataDir: string): Promise<number> {
  const started = performance.now();
  const port = 18000 + Math.floor(Math.random() * 1000);
  const child = spawn(process.execPath, ['apps/server/dist/main.js'], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'silent', DATABASE_URL: '', REDIS_URL: '' },
    stdio: 'ignore',
  });
  try {
    for (;;) {
      try {
        const res = await fetch(`http://127.0.0.1:${port}/v0/version/`);
        if (res.ok) return performance.now() - started;
      } catch {
        /* not listening yet */
      }
      if (performance.now() - started > 60_000) throw new Error('server did not start within 60 s');
      await new Promise((r) => setTimeout(r, 25));
    }
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
}

const ratio = await hookChainRatio();
const dataDir = mkdtempSync(join(tmpdir(), 'kontor-bench-'));
const first = await startupMs(dataDir);
const second = await startupMs(dataDir);
rmSync(dataDir, { recursive: true, force: true });

console.log('\nPlatform');
console.log(`  authenticated no-op through the hook chain   ${fmt(ratio.kontor)} req/s`);
console.log(`  bare Fastify route, same run                 ${fmt(ratio.bare)} req/s`);
console.log(`  ratio hook chain / bare                      ${fmt(ratio.kontor / ratio.bare, 2)}   (goal ≥ 0.50)`);
console.log(`  start-up, embedded database, first start     ${fmt(first)} ms (migrations and demo data)`);
console.log(`  start-up, embedded database, later start     ${fmt(second)} ms`);
