import pg from 'pg';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openDatabase, type Database } from '../../src/db/database.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { inject } from 'vitest';

/** What a new test database starts with: migrations only, plus the built-in roles, plus the demo company. */
export type TemplateKind = 'none' | 'roles' | 'demo';
/** Databases made once per run by db-templates.setup.ts (vitest globalSetup of the API projects). */
export type DbTemplates = { kind: 'pglite'; pglite: Record<TemplateKind, string> } | { kind: 'postgres'; postgres: Record<TemplateKind, string> };
declare module 'vitest' {
  export interface ProvidedContext {
    dbTemplates?: DbTemplates;
  }
}

/** Which database API tests run on: the embedded one always, PostgreSQL when TEST_DATABASE_URL is set. */
export const TEST_DB_KIND: 'pglite' | 'postgres' = process.env.KONTOR_TEST_DB === 'postgres' ? 'postgres' : 'pglite';

/**
 * A fresh, migrated database for one test file, seeded as `seed` asks. On PostgreSQL each call creates its
 * own database on the server of TEST_DATABASE_URL and drops it on close, so files run in parallel without
 * sharing rows. Within a vitest run of the API projects it is a copy of a template made once per run;
 * elsewhere (a unit test, a script) it is migrated and seeded here.
 */
export async function createTestDatabase(seed: TemplateKind = 'none'): Promise<Database & { url?: string }> {
  const templates = runTemplates();
  if (TEST_DB_KIND === 'pglite') {
    const fromRun = templates?.kind === 'pglite' ? templates.pglite[seed] : undefined;
    const database = await openDatabase({ loadDataDir: fromRun ? new Blob([readFileSync(fromRun)]) : await migratedTemplate() });
    if (!fromRun) await seedAfterMigrating(database, seed);
    return database;
  }
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('KONTOR_TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `kontor_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  const template = templates?.kind === 'postgres' ? templates.postgres[seed] : undefined;
  await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), poolSize: 20 });
  if (!template) await seedAfterMigrating(database, seed);
  return {
    ...database,
    url: url.toString(),
    async close() {
      await database.close();
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

function runTemplates(): DbTemplates | undefined {
  try {
    return inject('dbTemplates');
  } catch {
    return undefined; // not inside a vitest worker (a script)
  }
}

async function seedAfterMigrating(database: Database, seed: TemplateKind) {
  await migrateToLatest(database.db);
  await seedAs(database, seed);
}

/** Seeds a migrated database as `seed` asks (also how db-templates.setup.ts makes the templates). */
export async function seedAs(database: Pick<Database, 'db'>, seed: TemplateKind) {
  if (seed === 'none') return;
  // Imported here: the seed pulls in every module, which a bare migrated database does not need.
  const { seedDemo, seedRoles } = await import('../../src/seed/seed.js');
  await seedRoles(database.db);
  if (seed === 'demo') await seedDemo(database.db);
}

const migrationsDir = join(import.meta.dirname, '../../migrations');
export const TEMPLATE_DIR = join(import.meta.dirname, '../../../../.tmp');

/**
 * A dump of an embedded database with every migration applied, cached on disk by the migrations'
 * content: restoring it takes about half a second, where a fresh embedded cluster takes three or more.
 */
export async function migratedTemplate(): Promise<Blob> {
  return new Blob([readFileSync(await migratedTemplatePath())]);
}

/** The file of migratedTemplate(), made when missing. */
export async function migratedTemplatePath(): Promise<string> {
  const hash = createHash('sha256');
  for (const file of readdirSync(migrationsDir).sort()) hash.update(file).update(readFileSync(join(migrationsDir, file)));
  const path = join(TEMPLATE_DIR, `pglite-template-${hash.digest('hex').slice(0, 16)}.tar`);
  if (!existsSync(path)) {
    const database = await openDatabase({});
    await migrateToLatest(database.db);
    const dump = await database.pglite!.dumpDataDir('none');
    await database.close();
    mkdirSync(TEMPLATE_DIR, { recursive: true });
    const tmp = `${path}.${process.pid}.tmp`;
    writeFileSync(tmp, Buffer.from(await dump.arrayBuffer()));
    renameSync(tmp, path);
  }
  return path;
}
