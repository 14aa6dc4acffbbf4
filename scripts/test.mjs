// `npm test`: install what is missing, build, type-check and lint, then every suite: unit tests,
// API tests on the embedded database (and on PostgreSQL when TEST_DATABASE_URL is set), and the
// browser tests in Chromium. Ends with one summary line "N passed, N failed".
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { build, ensureInstalled, must, root, run } from './lib.mjs';

ensureInstalled();
build();
console.log('• Type-checking, linting and format check …');
for (const project of ['packages/contracts', 'apps/server', 'apps/web', 'packages/print-agent']) must('npx', ['tsc', '--noEmit', '-p', project]);
must('npx', ['eslint', '--max-warnings=0', '.']);
must('npx', ['prettier', '--check', '--log-level=warn', '.']);

const out = join(root, '.tmp', 'test-results');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

console.log(
  `• Unit and API tests${process.env.TEST_DATABASE_URL ? ' (embedded database and PostgreSQL)' : ' (embedded database; set TEST_DATABASE_URL to add PostgreSQL)'} …`,
);
const vitestStatus = run('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${join(out, 'vitest.json')}`]);

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
let e2eStatus = 0;
if (existsSync(chromium)) {
  console.log('• Browser tests (Chromium) …');
  e2eStatus = run('npx', ['playwright', 'test'], { env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: join(out, 'e2e.json') } });
} else {
  console.error(`✖ Browser tests need Chromium at ${chromium} (Debian: apt-get install -y chromium fonts-noto-cjk).`);
  e2eStatus = 1;
}

const read = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null);
const vitest = read(join(out, 'vitest.json'));
const e2e = read(join(out, 'e2e.json'));
const passed = (vitest?.numPassedTests ?? 0) + (e2e?.stats?.expected ?? 0);
// A suite that fails to load, or an error thrown outside any test (vitest's "Unhandled Errors"), fails the run
// without failing a test: count it, and name it, so the summary never reads "0 failed" on a red run.
const brokenSuites = (vitest?.testResults ?? []).filter(
  (suite) => suite.status === 'failed' && !suite.assertionResults.some((test) => test.status === 'failed'),
);
for (const suite of brokenSuites) console.error(`✖ ${suite.name}: ${String(suite.message).split('\n')[0]}`);
const unexplained = vitestStatus && !vitest?.numFailedTests && brokenSuites.length === 0 ? 1 : 0;
if (unexplained) console.error(`✖ vitest exited ${vitestStatus} with no failed test: see "Unhandled Errors" above.`);
// Playwright's errors outside any test (a worker that crashed, a web server that stopped) fail the run too.
const e2eErrors = e2e?.errors ?? [];
for (const error of e2eErrors) console.error(`✖ browser tests: ${String(error.message ?? error).split('\n')[0]}`);
const e2eUnexplained = e2eStatus && !e2e?.stats?.unexpected && e2eErrors.length === 0 ? 1 : 0;
if (e2eUnexplained) console.error(`✖ the browser tests exited ${e2eStatus} with no failed test.`);
// A browser test that failed and passed on its retry (CI only, playwright.config.ts): named, so a flake is seen.
const flakyTitles = [];
const collectFlaky = (suite) => {
  for (const spec of suite.specs ?? []) for (const test of spec.tests ?? []) if (test.status === 'flaky') flakyTitles.push(`${spec.file} › ${spec.title}`);
  for (const child of suite.suites ?? []) collectFlaky(child);
};
for (const suite of e2e?.suites ?? []) collectFlaky(suite);
for (const title of flakyTitles) console.warn(`⚠ flaky (passed on its retry): ${title}`);
const failed = (vitest?.numFailedTests ?? 0) + brokenSuites.length + unexplained + (e2e?.stats?.unexpected ?? 0) + e2eErrors.length + e2eUnexplained;
const skipped = (vitest?.numPendingTests ?? 0) + (vitest?.numTodoTests ?? 0) + (e2e?.stats?.skipped ?? 0);
console.log(
  `\nSummary: ${passed} passed, ${failed} failed${flakyTitles.length ? `, ${flakyTitles.length} flaky` : ''}${skipped ? `, ${skipped} skipped` : ''}`,
);
process.exit(vitestStatus || e2eStatus || (failed > 0 ? 1 : 0));
