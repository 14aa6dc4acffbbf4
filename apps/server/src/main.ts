import { readFileSync, existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { openDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { createBus } from './lib/create-bus.js';
import { seedOnFirstStart } from './seed/seed.js';

const here = dirname(fileURLToPath(import.meta.url));

function readVersion() {
  const read = (p: string) => (existsSync(p) ? (JSON.parse(readFileSync(p, 'utf8')) as Record<string, string>) : {});
  const info = read(resolve(here, 'build-info.json'));
  return {
    version: info.version ?? read(resolve(here, '../package.json')).version ?? '0.0.0',
    commit: process.env.GIT_COMMIT ?? info.commit ?? 'dev',
    webVersion: info.webVersion ?? read(resolve(here, '../../web/package.json')).version ?? '0.0.0',
  };
}

/** config → database → migrate → seed → buildApp → listen; stops cleanly on SIGTERM/SIGINT. */
async function main(): Promise<void> {
  const started = Date.now();
  const config = loadConfig({ WEB_DIST: resolve(here, '../../web/dist'), ...process.env });
  const database = await openDatabase({
    url: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    poolSize: config.DATABASE_POOL_SIZE,
    onIdleError: (error) => console.warn(`PostgreSQL closed an idle connection (${error.message}); it will be replaced.`),
  });
  await migrateToLatest(database.db);
  const bus = await createBus(config);
  const { app, core } = await buildApp({ config, database, bus, version: readVersion() });
  const seeded = await seedOnFirstStart(core);
  await app.listen({ host: config.HOST, port: config.PORT });
  const url = `http://localhost:${config.PORT}`;
  app.log.info({ ms: Date.now() - started, database: database.kind }, 'Kontor started');
  console.log(`\nKontor is running at ${url}  (database: ${database.kind === 'pglite' ? `embedded, ${config.DATA_DIR}` : 'PostgreSQL'})`);
  if (seeded) console.log(seeded);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    try {
      await app.close();
      await bus.close();
      await database.close();
    } finally {
      process.exit(0);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
