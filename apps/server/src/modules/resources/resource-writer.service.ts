import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import { AppError } from '../../http/app-error.js';
import { parseOrThrow } from '../../http/validate.js';
import type { ResourceDef } from './define.js';
import { ResourceRepo } from './resource.repo.js';

/** A unique group of the declaration already taken by another row: Duplicate naming the fields. */
export async function checkUnique(trx: Kysely<DB>, def: ResourceDef, values: Record<string, unknown>, merchantId: number | null, exceptId: number | null) {
  const repo = new ResourceRepo(trx, def);
  for (const group of def.unique ?? []) {
    if (await repo.clash(trx, group, values, merchantId, exceptId)) {
      throw new AppError('Duplicate', { fields: group.map((field) => ({ field, message: String(values[field]) })) });
    }
  }
}

/** Inserts a validated record in the caller's transaction: unique groups checked, the declaration's onWrite run. */
export async function insertRecord(trx: Kysely<DB>, def: ResourceDef, values: Record<string, unknown>, merchantId: number | null): Promise<number> {
  await checkUnique(trx, def, values, merchantId, null);
  const repo = new ResourceRepo(trx, def);
  const columns = repo.toColumns(values);
  if (merchantId !== null) columns.merchant_id = merchantId;
  const id = await repo.insert(trx, columns);
  await def.onWrite?.(trx, { id, merchantId, values });
  return id;
}

/**
 * Declared records written by the server itself (issue 16 item 1: the demo company at first start), in
 * the caller's transaction and with the rules of ResourceService.create — the write schema, the
 * declaration's checks, unique groups and onWrite — but without a session, so without an audit row.
 */
export const records = {
  async create(db: Kysely<DB>, name: string, body: Record<string, unknown>, merchantId: number | null = null): Promise<number> {
    // Loaded on use: the catalogue gathers every module's declarations, and those modules import this front door.
    const { RESOURCES } = await import('./catalogue.js');
    const def = RESOURCES.find((d) => d.name === name);
    if (!def) throw new Error(`no resource ${name}`);
    if ((def.scope === 'merchant') !== (merchantId !== null)) throw new Error(`resource ${name}: merchant id ${merchantId} does not fit its scope`);
    const values = parseOrThrow(def.write, body, 'en');
    await def.check?.(db, values);
    return insertRecord(db, def, values, merchantId);
  },
};
