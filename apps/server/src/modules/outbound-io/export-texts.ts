import type { Locale } from '@kontor/contracts';

type L10n = Record<Locale, string>;
const L = (en: string, cn: string, de: string): L10n => ({ en, cn, de });

/** Columns of the orders sheet; the private remark only for staff. */
export const ORDER_COLUMNS = [
  'unid',
  'refOrderId',
  'merchant',
  'status',
  'priority',
  'typeOfTask',
  'modeOfTransport',
  'pickupDate',
  'carrier',
  'tracking',
  'consigneeName',
  'country',
  'zip',
  'city',
  'lines',
  'units',
  'weight',
  'createdAt',
  'privateRemark',
] as const;
export type OrderColumn = (typeof ORDER_COLUMNS)[number];
export const LINE_COLUMNS = ['unid', 'sku', 'name', 'batch', 'quantity', 'reserved'] as const;

/** Sheet headers in the user's language (the export is a document, written by the server). */
export const HEADERS: Record<OrderColumn | (typeof LINE_COLUMNS)[number], L10n> = {
  unid: L('Order number', '出库单号', 'Auftragsnummer'),
  refOrderId: L('Reference', '参考号', 'Referenz'),
  merchant: L('Merchant', '商户', 'Händler'),
  status: L('Status', '状态', 'Status'),
  priority: L('Priority', '优先级', 'Priorität'),
  typeOfTask: L('Type', '类型', 'Art'),
  modeOfTransport: L('Mode', '运输方式', 'Versandart'),
  pickupDate: L('Pickup date', '提货日期', 'Abholdatum'),
  carrier: L('Carrier', '承运商', 'Spediteur'),
  tracking: L('Tracking numbers', '跟踪号', 'Sendungsnummern'),
  consigneeName: L('Consignee', '收件人', 'Empfänger'),
  country: L('Country', '国家', 'Land'),
  zip: L('ZIP', '邮编', 'PLZ'),
  city: L('City', '城市', 'Ort'),
  lines: L('Lines (SKU × qty)', '明细（SKU × 数量）', 'Positionen (SKU × Menge)'),
  units: L('Units', '件数', 'Einheiten'),
  weight: L('Weight (kg)', '重量（千克）', 'Gewicht (kg)'),
  createdAt: L('Created', '创建时间', 'Angelegt'),
  privateRemark: L('Private remark', '内部备注', 'Interne Bemerkung'),
  sku: L('SKU', 'SKU', 'SKU'),
  name: L('Item name', '商品名称', 'Artikelname'),
  batch: L('Batch', '批次', 'Charge'),
  quantity: L('Quantity', '数量', 'Menge'),
  reserved: L('Reserved', '已预留', 'Reserviert'),
};

export const EXPORT_TEXTS = {
  ordersSheet: L('Orders', '出库单', 'Aufträge'),
  linesSheet: L('Lines', '明细', 'Positionen'),
  file: L('orders', '出库单导出', 'Aufträge'),
  low: L('Low', '低', 'Niedrig'),
  normal: L('Normal', '普通', 'Normal'),
  urgent: L('Urgent', '紧急', 'Dringend'),
  unknownView: L('There is no order list {view}.', '没有订单列表 {view}。', 'Es gibt keine Auftragsliste {view}.'),
  tooMany: L(
    'This filter matches more than {limit} orders: use "Export in background".',
    '该筛选条件超过 {limit} 个订单，请使用“后台导出”。',
    'Dieser Filter trifft mehr als {limit} Aufträge: bitte „Im Hintergrund exportieren“ verwenden.',
  ),
  example: L(
    'Example: one row per line; rows with the same reference form one order.',
    '示例：每行一个明细；参考号相同的行组成一个订单。',
    'Beispiel: eine Zeile je Position; Zeilen mit derselben Referenz bilden einen Auftrag.',
  ),
  skusSheet: L('Your SKUs', '您的 SKU', 'Ihre SKUs'),
} satisfies Record<string, L10n>;

export const say = (text: L10n, locale: Locale, params: Record<string, unknown> = {}) =>
  text[locale].replace(/\{(\w+)\}/g, (m, k: string) => (k in params ? String(params[k]) : m));
