import { defineConfig, devices } from '@playwright/test';

// Browser tests run the built server on its own embedded database in .tmp/e2e-data (wiped first; E2E_PORT
// and E2E_DATA_DIR let two runs side by side use their own port and folder),
// with a fixed captcha, in the Debian Chromium (Playwright downloads no browser here).
const PORT = Number(process.env.E2E_PORT ?? 8091);

export default defineConfig({
  testDir: 'e2e',
  timeout: 60_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 2,
  // In CI a failed browser test runs once more; one that passes then is counted and named as flaky in
  // the summary of `npm test` (scripts/test.mjs), never silently: two cores run the server, two browsers
  // and the shared demo data, and a timing flake should not throw away a run. Locally: no retry.
  retries: process.env.CI ? 1 : 0,
  reporter: [['list'], ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? '.tmp/test-results/e2e.json' }]],
  outputDir: '.tmp/e2e-output',
  use: {
    baseURL: `http://localhost:${PORT}`,
    ...devices['Desktop Chrome'],
    viewport: { width: 1440, height: 900 },
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-gpu'],
    },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  webServer: {
    command: 'node e2e/start-server.mjs',
    url: `http://localhost:${PORT}/v0/version/`,
    timeout: 120_000,
    reuseExistingServer: false,
    env: {
      PORT: String(PORT),
      E2E_DATA_DIR: process.env.E2E_DATA_DIR ?? '.tmp/e2e-data',
      CAPTCHA_FIXED: '1234',
      LOG_LEVEL: 'warn',
      LOGIN_MAX_FAILURES_PER_ADDRESS: '100',
    },
  },
});
