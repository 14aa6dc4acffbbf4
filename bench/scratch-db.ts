import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../apps/server/src/db/database.js';

/** A scratch database on the PostgreSQL server at `baseUrl`, dropped by `close`. */
export async function scratchPostgres(baseUrl: string, poolSize: number): Promise<Database> {
  const name = `kontor_bench_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), poolSize });
  return {
    ...database,
    async close() {
      await database.close();
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}
