import pg from 'pg';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openDatabase, type Database } from '../../src/db/database.js';
import { migrateToLatest } from '../../src/db/migrate.js';

/** Which database API tests run on: the embedded one always, PostgreSQL when TEST_DATABASE_URL is set. */
export const TEST_DB_KIND: 'pglite' | 'postgres' = process.env.KONTOR_TEST_DB === 'postgres' ? 'postgres' : 'pglite';

/**
 * A fresh, migrated database for one test file. On PostgreSQL each call creates its own database on
 * the server of TEST_DATABASE_URL and drops it on close, so files run in parallel without sharing rows.
 */
export async function createTestDatabase(): Promise<Database & { url?: string }> {
  if (TEST_DB_KIND === 'pglite') {
    const database = await openDatabase({ loadDataDir: await migratedTemplate() });
    await migrateToLatest(database.db);
    return database;
  }
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('KONTOR_TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `kontor_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), poolSize: 20 });
  await migrateToLatest(database.db);
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

const migrationsDir = join(import.meta.dirname, '../../migrations');
const templateDir = join(import.meta.dirname, '../../../../.tmp');

/**
 * A dump of an embedded database with every migration applied, cached on disk by the migrations'
 * content: restoring it takes about half a second, where a fresh embedded cluster takes three or more.
 */
async function migratedTemplate(): Promise<Blob> {
  const hash = createHash('sha256');
  for (const file of readdirSync(migrationsDir).sort()) hash.update(file).update(readFileSync(join(migrationsDir, file)));
  const path = join(templateDir, `pglite-template-${hash.digest('hex').slice(0, 16)}.tar`);
  if (!existsSync(path)) {
    const database = await openDatabase({});
    await migrateToLatest(database.db);
    const dump = await database.pglite!.dumpDataDir('none');
    await database.close();
    mkdirSync(templateDir, { recursive: true });
    const tmp = `${path}.${process.pid}.tmp`;
    writeFileSync(tmp, Buffer.from(await dump.arrayBuffer()));
    renameSync(tmp, path);
  }
  return new Blob([readFileSync(path)]);
}
