import { sql, type Kysely } from 'kysely';

/** Warehouses and their compartments (issue 5 §1): the places stock lives in. */
const record = `
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    version int not null default 1`;

const statements = [
  `create table warehouses (
    id bigserial primary key,
    code text not null unique,
    name text not null,
    address jsonb not null default '{}',
    time_zone text not null default 'Europe/Berlin',${record}
  )`,
  `create table compartments (
    id bigserial primary key,
    warehouse_id bigint not null references warehouses(id),
    code text not null,
    zone text not null default '',
    kind text not null,
    priority int not null default 100,
    capacity_units int,
    capacity_weight numeric(12, 3),
    capacity_volume numeric(12, 3),
    blocked boolean not null default false,${record},
    unique (warehouse_id, code)
  )`,
  // Picking walks compartments by priority, lower first; lists are most often read by code.
  `create index compartments_pick on compartments (warehouse_id, priority, code)`,
  `create index compartments_code on compartments (code, id)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
