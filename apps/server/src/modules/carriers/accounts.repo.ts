import { sql, type Kysely, type Selectable } from 'kysely';
import type { CarrierAccountsTable, CarrierRulesTable, DB } from '../../db/types.js';
import { TenantScope, tenantSql } from '../../db/tenant-scope.js';

export type AccountRow = Selectable<CarrierAccountsTable>;
export type RuleRow = Selectable<CarrierRulesTable> & { merchant_name: string | null; account_name: string; carrier: string };

export interface AccountColumns {
  name?: string;
  carrier?: string;
  endpoint?: string;
  credentials?: string;
  credential_fields?: string[];
  options?: Record<string, string>;
  shipper?: Record<string, string> | null;
  active?: boolean;
}

export interface RuleColumns {
  merchant_id: number | null;
  country: string | null;
  order_carrier: string;
  order_service: string;
  account_id: number;
  product: string;
  services: string[];
  priority: number;
  export_reason: string;
}

const asJson = (value: unknown) => JSON.stringify(value);

/** The SQL of carrier accounts and rules; the only reader of the sealed credentials. */
export const accountsRepo = {
  list(db: Kysely<DB>): Promise<AccountRow[]> {
    return db.selectFrom('carrier_accounts').selectAll().orderBy('name').execute();
  },

  get(db: Kysely<DB>, id: number): Promise<AccountRow | undefined> {
    return db.selectFrom('carrier_accounts').selectAll().where('id', '=', id).executeTakeFirst();
  },

  byName(db: Kysely<DB>, name: string): Promise<{ id: number } | undefined> {
    return db.selectFrom('carrier_accounts').select('id').where('name', '=', name).executeTakeFirst();
  },

  async insert(db: Kysely<DB>, c: Required<AccountColumns>): Promise<number> {
    const row = await db
      .insertInto('carrier_accounts')
      .values({ ...c, credential_fields: asJson(c.credential_fields), options: asJson(c.options), shipper: c.shipper === null ? null : asJson(c.shipper) })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  },

  async update(db: Kysely<DB>, id: number, c: AccountColumns): Promise<boolean> {
    const { credential_fields, options, shipper, ...plain } = c;
    const result = await db
      .updateTable('carrier_accounts')
      .set({
        ...plain,
        ...(credential_fields ? { credential_fields: asJson(credential_fields) } : {}),
        ...(options ? { options: asJson(options) } : {}),
        ...(shipper !== undefined ? { shipper: shipper === null ? null : asJson(shipper) } : {}),
        updated_at: sql`now()`,
        version: sql`version + 1`,
      })
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  },

  /** Deletes an account nothing refers to; false when a rule or a label still does. */
  async remove(db: Kysely<DB>, id: number): Promise<'deleted' | 'missing' | 'inUse'> {
    const used = await sql<{ n: number }>`select (select count(*) from carrier_rules where account_id = ${id})
      + (select count(*) from parcel_labels where account_id = ${id}) as n`.execute(db);
    if (Number(used.rows[0]?.n ?? 0) > 0) return 'inUse';
    const result = await db.deleteFrom('carrier_accounts').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0 ? 'deleted' : 'missing';
  },

  rules(db: Kysely<DB>, id?: number): Promise<RuleRow[]> {
    return db
      .selectFrom('carrier_rules as r')
      .innerJoin('carrier_accounts as a', 'a.id', 'r.account_id')
      .leftJoin('merchants as m', 'm.id', 'r.merchant_id')
      .selectAll('r')
      .select(['m.name as merchant_name', 'a.name as account_name', 'a.carrier'])
      .$if(id !== undefined, (q) => q.where('r.id', '=', id!))
      .orderBy('r.order_carrier')
      .orderBy('r.priority', 'desc')
      .orderBy('r.id')
      .execute();
  },

  async insertRule(db: Kysely<DB>, c: RuleColumns): Promise<number> {
    const row = await db
      .insertInto('carrier_rules')
      .values({ ...c, services: asJson(c.services) })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  },

  async updateRule(db: Kysely<DB>, id: number, c: RuleColumns): Promise<boolean> {
    const result = await db
      .updateTable('carrier_rules')
      .set({ ...c, services: asJson(c.services), updated_at: sql`now()`, version: sql`version + 1` })
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  },

  async removeRule(db: Kysely<DB>, id: number): Promise<boolean> {
    const result = await db.deleteFrom('carrier_rules').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  },

  /**
   * The rules that may serve an order, best first: the order's carrier text (or rules for any carrier),
   * its merchant or any, its destination or any, its service or any; the most specific wins, then
   * priority. Only active accounts.
   */
  candidates(db: Kysely<DB>, o: { carrier: string; service: string; merchantId: number; country: string }): Promise<RuleRow[]> {
    return db
      .selectFrom('carrier_rules as r')
      .innerJoin('carrier_accounts as a', 'a.id', 'r.account_id')
      .leftJoin('merchants as m', 'm.id', 'r.merchant_id')
      .selectAll('r')
      .select(['m.name as merchant_name', 'a.name as account_name', 'a.carrier'])
      .where('a.active', '=', true)
      .where((eb) => eb(sql`upper(r.order_carrier)`, '=', o.carrier.toUpperCase()))
      .where((eb) => eb.or([eb('r.merchant_id', 'is', null), tenantSql(TenantScope.merchant(o.merchantId), 'r.merchant_id')]))
      .where((eb) => eb.or([eb('r.country', 'is', null), eb('r.country', '=', o.country)]))
      .where((eb) => eb.or([eb('r.order_service', '=', ''), eb(sql`upper(r.order_service)`, '=', o.service.toUpperCase())]))
      .orderBy(sql`(r.merchant_id is not null)::int + (r.country is not null)::int + (r.order_service <> '')::int`, 'desc')
      .orderBy('r.priority', 'desc')
      .orderBy('r.id')
      .execute();
  },
};
