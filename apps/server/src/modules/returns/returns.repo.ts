import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import { TenantScope, tenantSql } from '../../db/tenant-scope.js';

/** A return as stored, with its merchant's code and name. */
export interface ReturnRow {
  id: number;
  merchantId: number | null;
  agentGUID: string;
  merchantName: string;
  shipSN: string;
  originSN: string;
  originShipSN: string;
  originCountry: string;
  businessType: number;
  type: number;
  status: number;
  note: string;
  items: unknown;
  image: unknown;
  itemStrOrigin: string;
  dispose: string;
  finDate: Date | string | null;
  createdAt: Date | string;
  updatedAt: Date | string;
}

const COLUMNS = sql`r.id, r.merchant_id as "merchantId", coalesce(m.code, '') as "agentGUID", coalesce(m.name, '') as "merchantName",
  r.ship_sn as "shipSN", r.origin_sn as "originSN", r.origin_ship_sn as "originShipSN", r.origin_country as "originCountry",
  r.business_type as "businessType", r.package_status as type, r.status, r.note, r.items, r.image, r.item_str_origin as "itemStrOrigin",
  r.dispose, r.fin_date as "finDate", r.created_at as "createdAt", r.updated_at as "updatedAt"`;

const scoped = (scope: TenantScope) => tenantSql(scope, 'r.merchant_id');
const normal = (row: ReturnRow) => ({ ...row, id: Number(row.id), merchantId: row.merchantId === null ? null : Number(row.merchantId) });

/** The fields of a new return as the client sends them. */
export interface NewReturn {
  shipSN: string;
  originSN: string;
  originShipSN: string;
  originCountry: string;
  businessType: number;
  type: number;
  note: string;
  items: unknown;
  image: unknown;
  itemStrOrigin: string;
  dispose: string;
}

export interface SavedReturn extends Omit<NewReturn, 'items' | 'image'> {
  merchantId: number | null;
  items: string;
  image: string;
}

export interface ListQuery {
  l: number;
  o: number;
  q: string;
  statuses: number[];
  businessType?: number;
  /** The customer the caller filters by (`agentGUID`, its code resolved by the service): within the caller's scope. */
  merchant?: TenantScope;
  createdAt?: { from: string | null; to: string | null };
  finDate?: { from: string | null; to: string | null };
}

/** The SQL of returns. */
export class ReturnsRepo {
  /** A new return; null when its ship number is taken. */
  async insert(trx: Kysely<DB>, merchantId: number | null, userId: number, input: NewReturn): Promise<number | null> {
    const row = await sql<{ id: number }>`insert into returns (merchant_id, ship_sn, origin_sn, origin_ship_sn, origin_country, business_type,
          package_status, note, items, image, item_str_origin, dispose, created_by)
        values (${merchantId}, ${input.shipSN}, ${input.originSN}, ${input.originShipSN}, ${input.originCountry}, ${input.businessType}, ${input.type},
          ${input.note}, ${JSON.stringify(input.items)}::jsonb, ${JSON.stringify(input.image)}::jsonb, ${input.itemStrOrigin}, ${input.dispose}, ${userId})
        on conflict (ship_sn) do nothing returning id`.execute(trx);
    return row.rows[0] ? Number(row.rows[0].id) : null;
  }

  /** Saves a whole record (`items` and `image` as JSON text). */
  async saveWhole(trx: Kysely<DB>, id: number, v: SavedReturn): Promise<void> {
    await sql`update returns set merchant_id = ${v.merchantId}, ship_sn = ${v.shipSN}, origin_sn = ${v.originSN}, origin_ship_sn = ${v.originShipSN},
          origin_country = ${v.originCountry}, business_type = ${v.businessType}, package_status = ${v.type}, note = ${v.note},
          items = ${v.items}::jsonb, image = ${v.image}::jsonb,
          item_str_origin = ${v.itemStrOrigin}, dispose = ${v.dispose}, updated_at = now(), version = version + 1
        where id = ${id}`.execute(trx);
  }

  async markInbounded(trx: Kysely<DB>, id: number, itemsJson: string, status: number): Promise<void> {
    await sql`update returns set items = ${itemsJson}::jsonb, status = ${status}, fin_date = now(),
        updated_at = now(), version = version + 1 where id = ${id}`.execute(trx);
  }

  async setStatus(trx: Kysely<DB>, id: number, status: number): Promise<void> {
    await sql`update returns set status = ${status}, updated_at = now(), version = version + 1 where id = ${id}`.execute(trx);
  }

  /** Units of the merchant's returns in the given status that name one of the order numbers. */
  async unitsReturned(db: Kysely<DB>, merchantId: number, originSNs: string[], status: number): Promise<number> {
    const back = await sql<{ units: number }>`select coalesce(sum((line->>'qty')::int), 0)::int as units
      from returns r cross join lateral jsonb_array_elements(r.items) as line
      where ${tenantSql(TenantScope.merchant(merchantId), 'r.merchant_id')} and r.status = ${status} and r.origin_sn = any(${originSNs}::text[])`.execute(db);
    return Number(back.rows[0]?.units ?? 0);
  }

  async get(db: Kysely<DB>, id: number, scope: TenantScope, lock = false): Promise<ReturnRow | null> {
    const rows = await sql<ReturnRow>`select ${COLUMNS} from returns r left join merchants m on m.id = r.merchant_id
      where r.id = ${id} and ${scoped(scope)}${lock ? sql` for update of r` : sql``}`.execute(db);
    return rows.rows[0] ? normal(rows.rows[0]) : null;
  }

  async idByShipSN(db: Kysely<DB>, shipSN: string): Promise<number | null> {
    const rows = await sql<{ id: number }>`select id from returns where ship_sn = ${shipSN}`.execute(db);
    return rows.rows[0] ? Number(rows.rows[0].id) : null;
  }

  /** Newest first, by id cursor; `q` is contained in the parcel or the original order number. */
  async list(db: Kysely<DB>, scope: TenantScope, query: ListQuery) {
    const like = `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const range = (column: string, r?: { from: string | null; to: string | null }) =>
      sql`${r?.from ? sql`and ${sql.ref(column)} >= ${r.from}::date` : sql``} ${r?.to ? sql`and ${sql.ref(column)} < ${r.to}::date + 1` : sql``}`;
    const where = sql`${scoped(scope)}
      ${query.q ? sql`and (r.ship_sn ilike ${like} or r.origin_sn ilike ${like})` : sql``}
      ${query.statuses.length ? sql`and r.status in (${sql.join(query.statuses)})` : sql``}
      ${query.businessType ? sql`and r.business_type = ${query.businessType}` : sql``}
      ${query.merchant ? sql`and ${tenantSql(query.merchant, 'r.merchant_id')}` : sql``}
      ${range('r.created_at', query.createdAt)} ${range('r.fin_date', query.finDate)}`;
    const [page, total] = await Promise.all([
      sql<ReturnRow>`select ${COLUMNS} from returns r left join merchants m on m.id = r.merchant_id
        where ${where} ${query.o > 0 ? sql`and r.id < ${query.o}` : sql``} order by r.id desc limit ${query.l}`.execute(db),
      sql<{ n: number }>`select count(*)::int as n from (select 1 from returns r where ${where} limit 10001) capped`.execute(db),
    ]);
    const rows = page.rows.map(normal);
    return { total: Number(total.rows[0]!.n), rows, next: rows.length === query.l ? rows[rows.length - 1]!.id : 0 };
  }
}

/** SKU and name of each line's item and the code of its compartment, for showing lines without more calls. */
export async function lineNames(db: Kysely<DB>, rows: ReturnRow[]) {
  const lines = rows.flatMap((r) => ((typeof r.items === 'string' ? JSON.parse(r.items) : r.items) ?? []) as Array<Record<string, unknown>>);
  const itemIds = [...new Set(lines.map((l) => Number(l.itemId)).filter((n) => Number.isSafeInteger(n) && n > 0))];
  const places = [...new Set(lines.map((l) => Number(l.compartmentGUID)).filter((n) => Number.isSafeInteger(n) && n > 0))];
  const items = itemIds.length
    ? (await sql<{ id: number; sku: string; name: string }>`select id, sku, name from items where id in (${sql.join(itemIds)})`.execute(db)).rows
    : [];
  const compartments = places.length
    ? (await sql<{ id: number; code: string }>`select id, code from compartments where id in (${sql.join(places)})`.execute(db)).rows
    : [];
  return {
    items: new Map(items.map((i) => [Number(i.id), i])),
    compartments: new Map(compartments.map((c) => [Number(c.id), c.code])),
  };
}
