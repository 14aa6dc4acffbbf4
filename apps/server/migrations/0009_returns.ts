import { sql, type Kysely } from 'kysely';

/**
 * Returns (RMA, issue 6 §5): one row per returned parcel, its lines and photos as the original keeps
 * them (JSON). The merchant may be unknown while the parcel is being opened; inbound needs it.
 */
const statements = [
  `create table returns (
    id bigserial primary key,
    merchant_id bigint references merchants(id),
    ship_sn text not null unique,
    origin_sn text not null default '',
    origin_ship_sn text not null default '',
    origin_country text not null default '',
    business_type int not null default 2,
    package_status int not null default 0,
    status int not null default 0,
    note text not null default '',
    items jsonb not null default '[]',
    image jsonb not null default '{"img": []}',
    item_str_origin text not null default '',
    dispose text not null default '',
    fin_date timestamptz,
    created_by bigint,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    version int not null default 1
  )`,
  // The list pages by id, newest first, within a merchant for merchant users.
  `create index returns_merchant on returns (merchant_id, id)`,
  `create index returns_status on returns (status, id)`,
  `create index returns_origin on returns (origin_sn)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
