import { sql, type Kysely } from 'kysely';

/**
 * The export reason of a rule (issue 17 item 3, customs): what the customs declaration of a non-EU parcel
 * says the goods are (sold, a gift, a sample, returned goods, documents), per merchant and destination.
 *
 * The carriers' price lists (issue 17, docs/carriers.md "Price list"): per account and product, weight
 * bands up to a weight with the price of one label in minor units. A label whose carrier answered no
 * cost takes the price of the lightest band its weight fits, so billing still knows what it cost.
 * A band is named by its upper weight in grams (whole numbers compare exactly on both databases).
 */
const statements = [
  `alter table carrier_rules add column export_reason text not null default 'COMMERCIAL_GOODS'
    check (export_reason in ('COMMERCIAL_GOODS', 'GIFT', 'SAMPLE', 'RETURN_OF_GOODS', 'DOCUMENTS'))`,
  `create table carrier_prices (
    id bigserial primary key,
    account_id bigint not null references carrier_accounts(id) on delete cascade,
    product text not null,
    max_weight_g integer not null check (max_weight_g > 0),
    price_minor integer not null check (price_minor >= 0),
    currency text not null default 'EUR' check (currency in ('EUR', 'USD')),
    created_at timestamptz not null default now(),
    unique (account_id, product, max_weight_g)
  )`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
