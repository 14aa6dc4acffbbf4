import { sql, type Kysely } from 'kysely';

/**
 * Stocktaking of merged units (issue 5 §5): a count line may be a row inside a unit, so the line's key
 * takes the unit too; and what the counter found of each unit (confirmed where the books have it,
 * missing, or found in another compartment) is kept per count.
 */
const statements = [
  `alter table stock_count_lines add column unit_id bigint references merged_units(id)`,
  // The unique key of 0005 was declared inline, so its name is PostgreSQL's: look it up.
  `do $$
  declare c text;
  begin
    select conname into c from pg_constraint where conrelid = 'stock_count_lines'::regclass and contype = 'u';
    if c is not null then execute format('alter table stock_count_lines drop constraint %I', c); end if;
  end $$`,
  `create unique index stock_count_lines_key on stock_count_lines (count_id, compartment_id, item_id, batch, status, (coalesce(unit_id, 0)))`,
  `create table stock_count_units (
    id bigserial primary key,
    count_id bigint not null references stock_counts(id) on delete cascade,
    unit_id bigint not null references merged_units(id),
    outcome text not null check (outcome in ('confirmed', 'missing', 'elsewhere')),
    -- where the books had the unit when it was counted, and where it was found (null: missing)
    expected_compartment_id bigint not null,
    found_compartment_id bigint,
    counted_by bigint,
    counted_at timestamptz not null default now(),
    unique (count_id, unit_id)
  )`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
