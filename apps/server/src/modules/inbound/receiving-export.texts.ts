import type { Locale } from '@kontor/contracts';

// The receiving export's texts in en, cn, de (headers, sheet names, refusals): a file, not UI strings of the web.
export type L10n = Record<Locale, string>;
export const COLUMNS = ['unid', 'merchant', 'warehouse', 'container', 'reference', 'carrier', 'status', 'started', 'receivedAt'] as const;
export const LINE_COLUMNS = ['sku', 'name', 'batch', 'planned', 'received', 'damaged', 'difference', 'putAway'] as const;
export type Column = (typeof COLUMNS)[number] | (typeof LINE_COLUMNS)[number];
export const HEADERS: Record<Column, L10n> = {
  unid: { en: 'Order number', cn: '入库单号', de: 'Auftragsnummer' },
  merchant: { en: 'Merchant', cn: '商户', de: 'Händler' },
  warehouse: { en: 'Warehouse', cn: '仓库', de: 'Lager' },
  container: { en: 'Container', cn: '集装箱号', de: 'Container' },
  reference: { en: 'Reference', cn: '参考号', de: 'Referenz' },
  carrier: { en: 'Carrier', cn: '承运商', de: 'Spediteur' },
  status: { en: 'Status', cn: '状态', de: 'Status' },
  started: { en: 'Receiving started', cn: '开始收货时间', de: 'Wareneingang begonnen' },
  receivedAt: { en: 'Received at', cn: '收货完成时间', de: 'Eingegangen am' },
  sku: { en: 'SKU', cn: 'SKU', de: 'SKU' },
  name: { en: 'Item name', cn: '商品名称', de: 'Artikelname' },
  batch: { en: 'Batch', cn: '批次', de: 'Charge' },
  planned: { en: 'Planned', cn: '计划数量', de: 'Geplant' },
  received: { en: 'Received', cn: '已收数量', de: 'Erhalten' },
  damaged: { en: 'Damaged', cn: '破损数量', de: 'Beschädigt' },
  difference: { en: 'Difference', cn: '差异', de: 'Differenz' },
  putAway: { en: 'Put away', cn: '已上架', de: 'Eingelagert' },
};
export const ACTIVITY_HEADERS: L10n[] = [
  { en: 'Day', cn: '日期', de: 'Tag' },
  { en: 'Merchant', cn: '商户', de: 'Händler' },
  { en: 'Activity', cn: '作业类型', de: 'Leistung' },
  { en: 'Quantity', cn: '数量', de: 'Menge' },
  { en: 'Orders', cn: '单数', de: 'Aufträge' },
];
export const ACTIVITY_KINDS: Record<string, L10n> = {
  'inbound.unit': { en: 'Units received', cn: '收货件数', de: 'Eingegangene Einheiten' },
  'inbound.box': { en: 'Boxes received', cn: '收货箱数', de: 'Eingegangene Kartons' },
  'inbound.pallet': { en: 'Pallets received', cn: '收货托盘数', de: 'Eingegangene Paletten' },
  return: { en: 'Returns inbounded', cn: '退货入库单数', de: 'Eingelagerte Retouren' },
  'return.unit': { en: 'Returned units', cn: '退货件数', de: 'Retournierte Einheiten' },
};
export const TEXTS = {
  sheet: { en: 'Receivings', cn: '收货明细', de: 'Wareneingänge' },
  activitySheet: { en: 'Activity', cn: '作业量', de: 'Leistungen' },
  file: { en: 'receivings', cn: '收货导出', de: 'Wareneingänge' },
  tooMany: {
    en: 'This period has more than {limit} rows: use "Export in background".',
    cn: '该期间超过 {limit} 行，请使用“后台导出”。',
    de: 'Dieser Zeitraum hat mehr als {limit} Zeilen: bitte „Im Hintergrund exportieren“ verwenden.',
  },
} satisfies Record<string, L10n>;
export const say = (text: L10n, locale: Locale, params: Record<string, unknown> = {}) =>
  text[locale].replace(/\{(\w+)\}/g, (m, k: string) => (k in params ? String(params[k]) : m));
