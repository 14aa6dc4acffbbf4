import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';

/**
 * Warehouses as other modules need them: a choice list and an existence check (inbound announces
 * deliveries to a warehouse, outbound ships from one). The warehouse screens use the resource instead.
 */
export const warehouseOptions = (db: Kysely<DB>) => db.selectFrom('warehouses').select(['id', 'code', 'name']).orderBy('code').execute();

export const warehouseExists = async (db: Kysely<DB>, id: number): Promise<boolean> =>
  (await db.selectFrom('warehouses').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;

/**
 * The floor's time zone: the first warehouse's (the one the floor views, the home page and the
 * manifests count their day in), none when there is no warehouse yet.
 */
export const firstWarehouseTimeZone = async (db: Kysely<DB>): Promise<string | null> =>
  (await db.selectFrom('warehouses').select('time_zone').orderBy('id').limit(1).executeTakeFirst())?.time_zone ?? null;
