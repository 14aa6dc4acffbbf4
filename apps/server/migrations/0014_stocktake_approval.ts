import { sql, type Kysely } from 'kysely';

/**
 * Counting and approving a stocktake are separate duties (issue 15 item 6): the built-in warehouse
 * role, which counts, no longer holds `wms.stocktake.approve` (managers and administrators do).
 * Databases seeded before this release granted it; this takes it back from that role once. Roles an
 * administrator made keep what they were given; builtin_role_grants keeps its record, so the seed
 * does not give it back.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`delete from role_privileges where privilege = 'wms.stocktake.approve'
    and role_id in (select id from roles where name = 'warehouse' and builtin)`.execute(db);
}
