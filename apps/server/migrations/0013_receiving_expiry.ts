import { sql, type Kysely } from 'kysely';

/**
 * Expiry dates at receiving (issue 5 §2, left open by issue 6): each scan of an expiry-tracked item
 * carries the best-before date of its units; completing books it onto the staging stock row.
 */
const statements = [`alter table receiving_scans add column expiry date`];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
