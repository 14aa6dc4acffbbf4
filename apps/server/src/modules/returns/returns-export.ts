import { RETURN_ORDER, type Locale } from '@kontor/contracts';
import type ExcelJS from 'exceljs';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import { addSafeRow } from '../../lib/csv.js';
import { returnLinesPage } from './returns-export.repo.js';
import type { TenantScope } from '../../db/tenant-scope.js';

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

const excelTime = (local: string | null) => (local ? new Date(`${local}Z`) : null);
const label = (table: Record<number, L10n>, value: number, locale: Locale) => table[value]?.[locale] ?? String(value);

/** Adds the returns of the period (one row per line) to a streaming workbook; answers the rows written. */
export async function writeReturnsSheet(
  workbook: ExcelJS.stream.xlsx.WorkbookWriter,
  db: Kysely<DB>,
  options: { period: { from: string; to: string }; scope: TenantScope; locale: Locale; signal?: AbortSignal },
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
    const rows = await returnLinesPage(db, options.period, options.scope, after, PAGE);
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
