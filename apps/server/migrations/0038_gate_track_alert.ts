import { sql, type Kysely } from 'kysely';

/**
 * Track Alert for the carrier gate's labels (issue 19 item 5, docs/carrier-drivers.md "UPS Track Alert"):
 * `gate_labels.tracking_subscribed_at` is when the carrier took the label's tracking number for pushed
 * events, as 0037 keeps it for order labels (`parcel_labels`); null while it is not subscribed, so the
 * subscription job asks only for what is left.
 */
const statements = [`alter table gate_labels add column tracking_subscribed_at timestamptz`];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
