import { sql, type Kysely } from 'kysely';

/**
 * The carrier gate's own customers (issue 17 item 8; docs/carrier-gate.md).
 * - `gate_users`: companies that buy labels through Kontor with an API key without being warehouse
 *   merchants: sender address, margin (basis points of the carrier cost and/or a fixed amount in cents per
 *   label), the carriers and products they may buy, active flag.
 * - `gate_api_keys`: keys stored as their SHA-256 only (the key is shown once), revocable, last use.
 * - `gate_shipments`: one purchase named by the caller's Idempotency-Key (unique per user), with the hash
 *   of the request, so the same key with another body is refused instead of buying again.
 * - `gate_labels`: one row per parcel with its own idempotency key, the same states as `parcel_labels`
 *   (pending → bought | failed | uncertain, bought → voided); the carrier is called after the row commits.
 * - `gate_bills`, `gate_bill_lines`: the monthly bill per user and currency, in integer cents; a draft is
 *   rebuilt from the month's labels, an issued bill (status 100) never changes.
 */
const statements = [
  `create table gate_users (
    id bigserial primary key,
    company text not null,
    contact text not null default '',
    email text not null default '',
    phone text not null default '',
    address jsonb not null,
    margin_bp int not null default 0,
    margin_fixed_minor int not null default 0,
    currency text not null default 'EUR',
    carriers jsonb not null default '[]',
    products jsonb not null default '[]',
    active boolean not null default true,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    version int not null default 1
  )`,
  `create table gate_api_keys (
    id bigserial primary key,
    gate_user_id bigint not null references gate_users(id),
    name text not null,
    prefix text not null,
    key_hash text not null unique,
    created_at timestamptz not null default now(),
    last_used_at timestamptz,
    revoked_at timestamptz
  )`,
  `create index gate_api_keys_user on gate_api_keys (gate_user_id)`,
  `create table gate_shipments (
    id bigserial primary key,
    gate_user_id bigint not null references gate_users(id),
    idempotency_key text not null,
    request_hash text not null,
    account_id bigint not null references carrier_accounts(id),
    carrier text not null,
    product text not null,
    reference text not null default '',
    format text not null default 'pdf',
    sender jsonb not null,
    receiver jsonb not null,
    parcels jsonb not null,
    created_at timestamptz not null default now(),
    unique (gate_user_id, idempotency_key)
  )`,
  `create table gate_labels (
    id bigserial primary key,
    shipment_id bigint not null references gate_shipments(id),
    gate_user_id bigint not null references gate_users(id),
    parcel_index int not null,
    idempotency_key text not null unique,
    state text not null default 'pending' check (state in ('pending', 'bought', 'failed', 'uncertain', 'voided')),
    tracking_number text not null default '',
    carrier_ref text not null default '',
    label_file_id text,
    weight_kg numeric(12, 3) not null default 0,
    cost_minor int,
    currency text,
    error_kind text,
    error_text text not null default '',
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    bought_at timestamptz,
    voided_at timestamptz,
    unique (shipment_id, parcel_index)
  )`,
  `create index gate_labels_bought on gate_labels (gate_user_id, bought_at) where state = 'bought'`,
  `create table gate_bills (
    id bigserial primary key,
    gate_user_id bigint not null references gate_users(id),
    period text not null,
    currency text not null,
    status int not null default 0,
    line_count int not null default 0,
    cost_minor bigint not null default 0,
    margin_minor bigint not null default 0,
    total_minor bigint not null default 0,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    issued_at timestamptz,
    version int not null default 1,
    unique (gate_user_id, period, currency)
  )`,
  `create table gate_bill_lines (
    id bigserial primary key,
    bill_id bigint not null references gate_bills(id),
    label_id bigint not null references gate_labels(id),
    shipment_id bigint not null references gate_shipments(id),
    reference text not null default '',
    tracking_number text not null,
    carrier text not null,
    product text not null,
    bought_at timestamptz not null,
    cost_minor int not null,
    margin_minor int not null,
    amount_minor int not null,
    unique (bill_id, label_id)
  )`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
