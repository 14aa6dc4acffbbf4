import { sql, type Kysely } from 'kysely';

/**
 * Merchant-specific packing (issue 18 item 5, `/wEP/PackScanEF`; docs/packing.md "Merchant rules"): the
 * packing rules of one merchant, set in its settings and picked by the station from the order's merchant.
 * - `serial_per_unit`: every unit of every item needs a serial at the desk (not only items that ask for one);
 * - `accessories`: codes the packer must scan (or tick) before the print, e.g. a charger, a manual, a flyer;
 *   a JSON array of `{code, name}`;
 * - `weigh_required`: the parcel must be weighed at the desk;
 * - `weight_tolerance_pct` / `weight_tolerance_kg`: this merchant's tolerance, in place of the company's;
 * - `note`: the packing instruction the station shows.
 * One row per merchant; no row means no rules beyond the company's.
 */
const statements = [
  `create table merchant_packing_rules (
    merchant_id bigint primary key references merchants(id),
    serial_per_unit boolean not null default false,
    accessories jsonb not null default '[]',
    weigh_required boolean not null default false,
    weight_tolerance_pct numeric(6, 2) check (weight_tolerance_pct between 0 and 100),
    weight_tolerance_kg numeric(8, 3) check (weight_tolerance_kg between 0 and 100),
    note text not null default '',
    updated_by bigint,
    updated_at timestamptz not null default now()
  )`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
