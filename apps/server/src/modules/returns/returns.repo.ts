import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/types.js';

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

const scoped = (scope: number | null) => (scope === null ? sql`true` : sql`r.merchant_id = ${scope}`);
const normal = (row: ReturnRow) => ({ ...row, id: Number(row.id), merchantId: row.merchantId === null ? null : Number(row.merchantId) });

/** The SQL of returns. */
export class ReturnsRepo {
  async get(db: Kysely<DB>, id: number, scope: number | null, lock = false): Promise<ReturnRow | null> {
    const rows = await sql<ReturnRow>`select ${COLUMNS} from returns r left join merchants m on m.id = r.merchant_id
      where r.id = ${id} and ${scoped(scope)}${lock ? sql` for update of r` : sql``}`.execute(db);
    return rows.rows[0] ? normal(rows.rows[0]) : null;
  }

  async idByShipSN(db: Kysely<DB>, shipSN: string): Promise<number | null> {
    const rows = await sql<{ id: number }>`select id from returns where ship_sn = ${shipSN}`.execute(db);
    return rows.rows[0] ? Number(rows.rows[0].id) : null;
  }

  /** Newest first, by id cursor; `q` is contained in the parcel or the original order number. */
  async list(db: Kysely<DB>, scope: number | null, query: { l: number; o: number; q: string; statuses: number[] }) {
    const like = `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const where = sql`${scoped(scope)}
      ${query.q ? sql`and (r.ship_sn ilike ${like} or r.origin_sn ilike ${like})` : sql``}
      ${query.statuses.length ? sql`and r.status in (${sql.join(query.statuses)})` : sql``}`;
    const [page, total] = await Promise.all([
      sql<ReturnRow>`select ${COLUMNS} from returns r left join merchants m on m.id = r.merchant_id
        where ${where} ${query.o > 0 ? sql`and r.id < ${query.o}` : sql``} order by r.id desc limit ${query.l}`.execute(db),
      sql<{ n: number }>`select count(*)::int as n from (select 1 from returns r where ${where} limit 10001) capped`.execute(db),
    ]);
    const rows = page.rows.map(normal);
    return { total: Number(total.rows[0]!.n), rows, next: rows.length === query.l ? rows[rows.length - 1]!.id : 0 };
  }
}
