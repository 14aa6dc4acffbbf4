import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * All suites in one run: unit tests, API tests on the embedded database, and the same API tests on
 * PostgreSQL when TEST_DATABASE_URL is set. Browser tests run separately with Playwright (e2e/).
 */
const apiTests = ['apps/server/test/**/*.int.test.ts'];
/** Tests that need PostgreSQL and Redis (several server processes sharing them). */
const postgresOnlyTests = ['apps/server/test/**/*.pg.int.test.ts'];
const withPostgres = !!process.env.TEST_DATABASE_URL;
/** Migrates and seeds once per run; each API test file starts from a copy (test/helpers/test-db.ts). */
const dbTemplates = ['apps/server/test/helpers/db-templates.setup.ts'];

export default defineConfig({
  test: {
    // vitest's default is one worker less than the cores: one worker on a 2-core machine, idle while its
    // test waits on PostgreSQL. Two workers there ran the suite in 6.0 min instead of 8.3 (all passing).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/test/**/*.test.ts', 'apps/server/test/**/*.test.ts'],
          exclude: ['**/*.int.test.ts', '**/node_modules/**'],
          environment: 'node',
          // Some unit tests start ESLint or render PDFs: on a shared, busy machine 5 s is not enough.
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'api-pglite',
          include: apiTests,
          exclude: [...postgresOnlyTests, '**/node_modules/**'],
          environment: 'node',
          env: { KONTOR_TEST_DB: 'pglite' },
          globalSetup: dbTemplates,
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
        },
      },
      ...(withPostgres
        ? [
            {
              test: {
                name: 'api-postgres',
                include: apiTests,
                environment: 'node',
                env: { KONTOR_TEST_DB: 'postgres' },
                globalSetup: dbTemplates,
                testTimeout: 30_000,
                hookTimeout: 60_000,
                pool: 'forks' as const,
              },
            },
          ]
        : []),
      'apps/web/vitest.config.ts',
    ],
  },
});
