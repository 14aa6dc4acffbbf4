import pg from 'pg';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/db/database.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { migratedTemplatePath, seedAs, TEMPLATE_DIR, type DbTemplates, type TemplateKind } from './test-db.js';

/**
 * vitest globalSetup of the API projects: migrate and seed once per run, then every test file starts
 * from a copy. Each file used to migrate (and seed the demo) on its own database: on PostgreSQL about
 * 6 s a file, on the embedded database about 1 s of demo seeding, for some 90 files per database.
 * The templates are made fresh on each run, so they always hold this checkout's migrations and seed.
 */
export default async function setup(project: TestProject) {
  const kind = project.config.env?.KONTOR_TEST_DB === 'postgres' ? 'postgres' : 'pglite';
  const templates = kind === 'postgres' ? await postgresTemplates() : await pgliteTemplates();
  project.provide('dbTemplates', templates.provided);
  return templates.teardown;
}

const KINDS: TemplateKind[] = ['none', 'roles', 'demo'];

async function pgliteTemplates() {
  const basePath = await migratedTemplatePath();
  const base = new Blob([readFileSync(basePath)]);
  const files: Partial<Record<TemplateKind, string>> = { none: basePath };
  const made: string[] = [];
  for (const seed of ['roles', 'demo'] as const) {
    const database = await openDatabase({ loadDataDir: base });
    await migrateToLatest(database.db);
    await seedAs(database, seed);
    const dump = await database.pglite!.dumpDataDir('none');
    await database.close();
    const file = join(TEMPLATE_DIR, `pglite-run-${process.pid}-${seed}.tar`);
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    files[seed] = file;
    made.push(file);
  }
  const provided: DbTemplates = { kind: 'pglite', pglite: files as Record<TemplateKind, string> };
  return {
    provided,
    teardown: async () => {
      for (const file of made) rmSync(file, { force: true });
    },
  };
}

async function postgresTemplates() {
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) throw new Error('KONTOR_TEST_DB=postgres needs TEST_DATABASE_URL');
  // Named after the run's own database, so two runs against two test databases never share templates.
  const prefix = `${new URL(baseUrl).pathname.slice(1) || 'kontor'}_tpl`.slice(0, 50);
  const names = Object.fromEntries(KINDS.map((seed) => [seed, `${prefix}_${seed}`])) as Record<TemplateKind, string>;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: baseUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  for (const seed of KINDS) {
    await admin(`drop database if exists ${names[seed]} with (force)`);
    await admin(`create database ${names[seed]}`);
    const url = new URL(baseUrl);
    url.pathname = `/${names[seed]}`;
    // Closed before any copy: PostgreSQL copies a template only while nobody is connected to it.
    const database = await openDatabase({ url: url.toString(), poolSize: 2 });
    await migrateToLatest(database.db);
    await seedAs(database, seed);
    await database.close();
  }
  const provided: DbTemplates = { kind: 'postgres', postgres: names };
  return {
    provided,
    teardown: async () => {
      for (const name of Object.values(names)) await admin(`drop database if exists ${name} with (force)`);
    },
  };
}
