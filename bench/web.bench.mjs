// Web benchmark (issue 3): gzipped JavaScript loaded by /login and by the first page after sign-in,
// and the time until /login is interactive in headless Chromium on localhost (median of 5 loads).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { fmt, median } from './lib.mjs';

const port = 18500 + Math.floor(Math.random() * 400);
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(join(tmpdir(), 'kontor-webbench-'));
const server = spawn(process.execPath, ['apps/server/dist/main.js'], {
  env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'silent', CAPTCHA_FIXED: '1234', DATABASE_URL: '', REDIS_URL: '' },
  stdio: 'ignore',
});

try {
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/v0/version/`)).ok) break;
    } catch {
      /* starting */
    }
    if (i > 2400) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 25));
  }
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  const scripts = new Map();
  page.on('response', async (res) => {
    if (res.request().resourceType() !== 'script') return;
    try {
      scripts.set(res.url(), gzipSync(await res.body(), { level: 9 }).length);
    } catch {
      /* navigation raced */
    }
  });
  await page.goto(`${base}/login`);
  await page.getByTestId('login-submit').waitFor();
  await page.waitForLoadState('networkidle');
  const loginBytes = [...scripts.values()].reduce((a, b) => a + b, 0);
  const loginFiles = scripts.size;
  if (process.env.BENCH_VERBOSE) for (const [url, size] of scripts) console.log(`    ${(size / 1024).toFixed(1)} KB  ${url.split('/').pop()}`);
  await page.getByTestId('login-account').fill('staff@demo.local');
  await page.getByTestId('login-password').fill('demo1234');
  await page.getByTestId('captcha-input').fill('1234');
  await page.getByTestId('login-submit').click();
  await page.getByTestId('home').waitFor();
  await page.waitForLoadState('networkidle');
  const homeBytes = [...scripts.values()].reduce((a, b) => a + b, 0) - loginBytes;

  const times = [];
  for (let i = 0; i < 5; i++) {
    const fresh = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    const started = performance.now();
    await fresh.goto(`${base}/login`);
    await fresh.getByTestId('login-submit').waitFor({ state: 'visible' });
    await fresh.getByTestId('captcha-image').waitFor({ state: 'visible' });
    times.push(performance.now() - started);
    await fresh.close();
  }
  await browser.close();

  console.log('\nWeb');
  console.log(`  JavaScript loaded by /login (gzip)            ${fmt(loginBytes / 1024, 1)} KB in ${loginFiles} files   (goal ≤ 250 KB)`);
  console.log(`  more JavaScript for the first page (gzip)     ${fmt(homeBytes / 1024, 1)} KB`);
  console.log(`  /login interactive (median of 5, localhost)   ${fmt(median(times))} ms`);
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}
