import { sql, type Kysely } from 'kysely';

/**
 * SSCC serial numbers (issue 17 item 6): one counter per SSCC prefix (extension digit + GS1 company
 * prefix), so every box and pallet label gets a number no other label had, across server processes.
 * A call allocates a run of serials with one upsert (`last_serial` grows by the run's length).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table sscc_counters (
    prefix text primary key check (prefix ~ '^[0-9]{7,11}$'),
    last_serial bigint not null default 0 check (last_serial >= 0),
    updated_at timestamptz not null default now()
  )`.execute(db);
}
