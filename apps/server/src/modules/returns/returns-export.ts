import { RETURN_ORDER, type Locale } from '@kontor/contracts';
import type ExcelJS from 'exceljs';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import { addSafeRow } from '../../lib/csv.js';

type L10n = Record<Locale, string>;
const PAGE = 1000;

const HEADERS: L10n[] = [
  { en: 'Return parcel', cn: '退货运单号', de: 'Retourensendung' },
  { en: 'Original order', cn: '原订单号', de: 'Ursprungsauftrag' },
  { en: 'Merchant', cn: '商户', de: 'Händler' },
  { en: 'Type', cn: '类型', de: 'Art' },
  { en: 'Package status', cn: '包裹状态', de: 'Paketzustand' },
  { en: 'Status', cn: '状态', de: 'Status' },
  { en: 'Opened', cn: '登记时间', de: 'Erfasst' },
  { en: 'Inbounded', cn: '入库时间', de: 'Eingelagert' },
  { en: 'SKU', cn: 'SKU', de: 'SKU' },
  { en: 'Item name', cn: '商品名称', de: 'Artikelname' },
  { en: 'Batch', cn: '批次', de: 'Charge' },
  { en: 'Quantity', cn: '数量', de: 'Menge' },
  { en: 'Condition', cn: '商品状况', de: 'Zustand' },
  { en: 'Remark', cn: '备注', de: 'Bemerkung' },
];
const BUSINESS_TYPES: Record<number, L10n> = {
  1: { en: 'Original', cn: '原件', de: 'Original' },
  2: { en: 'Customer retour', cn: '客户退货', de: 'Kundenretoure' },
  3: { en: 'From FBA', cn: '来自 FBA', de: 'Von FBA' },
  4: { en: 'Undeliverable', cn: '无法投递', de: 'Unzustellbar' },
};
const PACKAGE_STATUS: Record<number, L10n> = {
  0: { en: 'Not set', cn: '未设置', de: 'Nicht gesetzt' },
  1: { en: 'Normal', cn: '正常', de: 'Normal' },
  2: { en: 'Damaged', cn: '破损', de: 'Beschädigt' },
  3: { en: 'Lost', cn: '丢失', de: 'Verloren' },
};
const CONDITIONS: Record<number, L10n> = {
  1: { en: 'Valid', cn: '良品', de: 'Einwandfrei' },
  2: { en: 'Damaged', cn: '破损', de: 'Beschädigt' },
  0: { en: 'Invalid', cn: '无效', de: 'Ungültig' },
  [-1]: { en: 'Unchecked', cn: '未检查', de: 'Ungeprüft' },
  [-2]: { en: 'Scrapped', cn: '报废', de: 'Verschrottet' },
};
export const RETURNS_SHEET: L10n = { en: 'Returns', cn: '退货明细', de: 'Retouren' };

interface ReturnLineRow {
  id: number;
  n: number;
  shipSN: string;
  originSN: string;
  merchant: string;
  businessType: number;
  type: number;
  status: number;
  opened: string;
  inbounded: string | null;
  sku: string;
  name: string;
  batch: string;
  qty: number;
  valid: number;
  remark: string;
}

/** One keyset page of return lines: returns inbounded (else opened) in the period, in the warehouse's zone of the first warehouse. */
async function page(db: Kysely<DB>, period: { from: string; to: string }, scope: number | null, after: [number, number]) {
  const zone = sql`(select time_zone from warehouses order by id limit 1)`;
  const local = (column: string) => sql`to_char(${sql.ref(column)} at time zone ${zone}, 'YYYY-MM-DD"T"HH24:MI:SS')`;
  const at = sql`coalesce(r.fin_date, r.created_at)`;
  const result = await sql<ReturnLineRow>`select r.id, e.n::int as n, r.ship_sn as "shipSN", r.origin_sn as "originSN", coalesce(m.name, '') as merchant,
      r.business_type as "businessType", r.package_status as type, r.status, ${local('r.created_at')} as opened, ${local('r.fin_date')} as inbounded,
      coalesce(i.sku, '') as sku, coalesce(i.name, '') as name, coalesce(e.line->>'itemBatch', '') as batch, coalesce((e.line->>'qty')::int, 0) as qty,
      coalesce((e.line->>'valid')::int, 1) as valid, coalesce(e.line->>'remark', '') as remark
    from returns r
    left join merchants m on m.id = r.merchant_id
    cross join lateral jsonb_array_elements(r.items) with ordinality as e(line, n)
    left join items i on i.id = (e.line->>'itemId')::bigint
    where ${at} >= (${period.from}::date::timestamp at time zone ${zone}) and ${at} < ((${period.to}::date + 1)::timestamp at time zone ${zone})
      ${scope === null ? sql`` : sql`and r.merchant_id = ${scope}`}
      and (r.id, e.n) > (${after[0]}, ${after[1]})
    order by r.id, e.n
    limit ${PAGE}`.execute(db);
  return result.rows;
}

const excelTime = (local: string | null) => (local ? new Date(`${local}Z`) : null);
const label = (table: Record<number, L10n>, value: number, locale: Locale) => table[value]?.[locale] ?? String(value);

/** Adds the returns of the period (one row per line) to a streaming workbook; answers the rows written. */
export async function writeReturnsSheet(
  workbook: ExcelJS.stream.xlsx.WorkbookWriter,
  db: Kysely<DB>,
  options: { period: { from: string; to: string }; scope: number | null; locale: Locale; signal?: AbortSignal },
): Promise<number> {
  const { locale } = options;
  const sheet = workbook.addWorksheet(RETURNS_SHEET[locale], { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = HEADERS.map((header, i) => ({
    header: header[locale],
    width: i === 9 ? 32 : i === 6 || i === 7 ? 20 : 16,
    ...(i === 6 || i === 7 ? { style: { numFmt: 'yyyy-mm-dd hh:mm:ss' } } : {}),
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  let written = 0;
  let after: [number, number] = [0, 0];
  for (;;) {
    if (options.signal?.aborted) break;
    const rows = await page(db, options.period, options.scope, after);
    for (const row of rows) {
      const state = RETURN_ORDER.stateOf(row.status);
      addSafeRow(sheet, [
        row.shipSN,
        row.originSN,
        row.merchant,
        label(BUSINESS_TYPES, row.businessType, locale),
        label(PACKAGE_STATUS, row.type, locale),
        state ? RETURN_ORDER.states[state].label[locale] : String(row.status),
        excelTime(row.opened),
        excelTime(row.inbounded),
        row.sku,
        row.name,
        row.batch,
        row.qty,
        label(CONDITIONS, row.valid, locale),
        row.remark,
      ]).commit();
    }
    written += rows.length;
    if (rows.length < PAGE) break;
    const last = rows[rows.length - 1]!;
    after = [Number(last.id), Number(last.n)];
  }
  sheet.commit();
  return written;
}
