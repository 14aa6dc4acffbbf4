/**
 * Where the schema alone says less than the code knows: the TypeScript type of a column, replacing
 * the one mapped from its PostgreSQL type (nullability and defaults are still added from the
 * schema). Use it for a JSON column's shape or a text column's closed set of values; keep each entry
 * true to what the code writes, since nothing checks the stored rows against it.
 */
export const COLUMN_OVERRIDES: Record<string, Record<string, string>> = {
  merchants: {
    address: 'Json<Record<string, unknown>>',
    currency: "'EUR' | 'USD'",
    settings: 'Json<Record<string, unknown>>',
  },
  sessions: { scopes: 'Json<string[]>' },
  oauth_clients: { scopes: 'Json<string[]>' },
  files: {
    kind: "'avatar' | 'image' | 'intern' | 'job'",
    // pg returns a Buffer, PGlite a Uint8Array: the code only uses what both have.
    data: 'Uint8Array',
  },
  jobs: {
    status: "'queued' | 'running' | 'done' | 'failed' | 'canceled'",
    payload: 'Json<Record<string, unknown>>',
  },
  // Stamps written once, like every `created_at`.
  audit_log: { at: 'CreatedAt' },
  mask_versions: { saved_at: 'CreatedAt' },
  print_jobs: { kind: "'label' | 'a4' | 'sn' | 'itemDesc'", state: "'sent' | 'printed' | 'failed'" },
  // The language of the gate user's mails (migration 0040's check).
  gate_users: { language: "'en' | 'cn' | 'de'" },
};

/**
 * View columns that are computed (so the query tree cannot prove them non-null) but never null: each
 * with the reason from the view's definition.
 */
export const NOT_NULL_VIEW_COLUMNS: Record<string, string[]> = {
  // quantity - reserved, both not null
  stock_view: ['available'],
  // received_units + damaged_units - planned_units, all not null
  inbound_orders_view: ['difference'],
  // count(*)::int of a sub-select
  containers_view: ['order_count'],
  // the view keeps closed pallets only (closed_at not null); coalesce(…, not null) and case with both arms not null
  handed_over_parcels: ['handed_over_at', 'day', 'outbound_id', 'carrier', 'carrier_ref', 'account_key'],
};
