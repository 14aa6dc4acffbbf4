import type { MerchantPackingRules } from '@kontor/contracts/domains/packing';
import type { MerchantPackingRulesRow } from '@kontor/contracts/domains/packing-responses';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import { tenantSql, type TenantScope } from '../../db/tenant-scope.js';

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

const toRow = (r: Record<string, unknown>): MerchantPackingRulesRow => ({
  merchantId: Number(r.merchant_id),
  merchantName: String(r.merchant_name),
  serialPerUnit: r.serial_per_unit === true,
  accessories: Array.isArray(r.accessories)
    ? (r.accessories as Array<{ code: string; name?: string }>).map((a) => ({ code: String(a.code), name: String(a.name ?? '') }))
    : [],
  weighRequired: r.weigh_required === true,
  weightTolerancePct: num(r.weight_tolerance_pct),
  weightToleranceKg: num(r.weight_tolerance_kg),
  note: String(r.note ?? ''),
  updatedAt: (r.updated_at as string | null) ?? null,
});

/**
 * The packing rules of one merchant (`merchant_packing_rules`, migration 0032; docs/packing.md "Merchant
 * rules"). A merchant without a row has the defaults (nothing beyond the company's rules).
 */
export const merchantRulesRepo = {
  /** The merchant's rules (defaults when it has none), or null when the merchant is unknown or outside the scope. */
  async get(db: Kysely<DB>, merchantId: number, scope: TenantScope): Promise<MerchantPackingRulesRow | null> {
    const rows = await sql<Record<string, unknown>>`select x.merchant_id, x.merchant_name, coalesce(r.serial_per_unit, false) as serial_per_unit,
        coalesce(r.accessories, '[]'::jsonb) as accessories, coalesce(r.weigh_required, false) as weigh_required,
        r.weight_tolerance_pct, r.weight_tolerance_kg, coalesce(r.note, '') as note, r.updated_at
      from (select m.id as merchant_id, m.name as merchant_name from merchants m where m.id = ${merchantId}) x
      left join merchant_packing_rules r on r.merchant_id = x.merchant_id
      where ${tenantSql(scope, 'x.merchant_id')}`.execute(db);
    return rows.rows[0] ? toRow(rows.rows[0]) : null;
  },

  async save(trx: Kysely<DB>, merchantId: number, rules: MerchantPackingRules, userId: number): Promise<void> {
    const values = {
      serial_per_unit: rules.serialPerUnit,
      accessories: JSON.stringify(rules.accessories),
      weigh_required: rules.weighRequired,
      weight_tolerance_pct: rules.weightTolerancePct === null ? null : String(rules.weightTolerancePct),
      weight_tolerance_kg: rules.weightToleranceKg === null ? null : String(rules.weightToleranceKg),
      note: rules.note,
      updated_by: userId,
      updated_at: sql<Date>`now()`,
    };
    await trx
      .insertInto('merchant_packing_rules')
      .values({ merchant_id: merchantId, ...values })
      .onConflict((oc) => oc.column('merchant_id').doUpdateSet(values))
      .execute();
  },
};
