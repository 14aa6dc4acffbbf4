import { sql, type Kysely } from 'kysely';

/**
 * Issue 19, the rest of the floor:
 * - `parcel_labels.tracking_subscribed_at`: when the carrier took the label's tracking number for pushed
 *   events (UPS Track Alert, docs/carrier-drivers.md "UPS Track Alert"); null while it is not subscribed,
 *   so the subscription job asks only for what is left.
 * - `tickets_status`: the home floor counts the open and waiting tickets (docs/shipping.md "The floor on
 *   the home page"); without it the count reads every ticket ever written (a seq scan over the years).
 * - `pallets_open`: the floor's "loaded" figure starts from the pallets not handed over yet, a handful
 *   among the tens of thousands a year leaves; without it every pallet is read.
 */
const statements = [
  `alter table parcel_labels add column tracking_subscribed_at timestamptz`,
  `create index tickets_status on tickets (status, merchant_id)`,
  `create index pallets_open on pallets (id) where state = 'open'`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
