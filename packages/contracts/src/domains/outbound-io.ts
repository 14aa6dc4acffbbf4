import { z } from 'zod';

/**
 * Imports and exports of outbound orders (issue 7 §6). The import reads ORDER_IMPORT_COLUMNS
 * (domains/outbound.ts): one row per line, rows with the same refOrderId form one order.
 */

export const ORDER_IMPORT_JOB = 'outbound.import';
export const ORDER_EXPORT_JOB = 'outbound.export';
/** Above this many orders an export runs as a background job (architecture rule 10); the server's EXPORT_DIRECT_LIMIT. */
export const ORDER_EXPORT_DIRECT_LIMIT = 5000;

export const orderImportSchema = z.strictObject({
  /** An uploaded file (`POST /v0/statics/upload/intern`), XLSX or CSV. */
  fileId: z.string().regex(/^[a-f0-9]{32}$/),
  /** Staff name the merchant; a merchant's session fixes it. */
  merchantId: z.number().int().positive().optional(),
  /** Check every row and report, create nothing (a dry run). */
  checkOnly: z.boolean().default(false),
});
export type OrderImportInput = z.input<typeof orderImportSchema>;

export const orderTemplateQuerySchema = z.strictObject({
  format: z.enum(['xlsx', 'csv']).default('xlsx'),
  /** Staff may ask for one merchant's SKUs as the hint. */
  merchantId: z.coerce.number().int().positive().optional(),
  x_token: z.string().max(200).optional(),
});

export interface OrderImportError {
  /** The row in the spreadsheet (the header is row 1). */
  line: number;
  refOrderId: string;
  /** The column of the template the problem is in. */
  field: string;
  message: string;
}

/** What an import job answers (its `result`); the CSV report holds every error. */
export interface OrderImportResult {
  checkOnly: boolean;
  rows: number;
  orders: number;
  /** Orders created (in a dry run: orders that would be created). */
  created: number;
  /** Orders refused because their reference exists already. */
  duplicates: number;
  /** Rows of created orders, and rows reported with an error (the jobs indicator shows these two). */
  imported: number;
  failed: number;
  errors: OrderImportError[];
  createdOrders: Array<{ refOrderId: string; id: number; unid: string; status: number }>;
}

/** The order lists an export may read, with the privilege each needs (the server's OUTBOUND_VIEWS decides; the web hides). */
export const ORDER_EXPORT_VIEWS = {
  orders: 'p11y.orders.list',
  deleted: 'p11y.ordersDeleted.list',
  dhl: 'p11y.ordersDHL.list',
  dpd: 'p11y.ordersDPD.list',
  ups: 'p11y.ordersUPS.list',
  transportLabelAwaits: 'oms.ordersTransportLabelAwaits.list',
  warehouse: 'oms.outbound.list',
  problematic: 'p11y.problematic.list',
  inTransit: 'p11y.shipped.list',
} as const;
export type OrderExportView = keyof typeof ORDER_EXPORT_VIEWS;

/** The filters the export form offers; any other filter of the order lists works in the query string too. */
export const ORDER_EXPORT_FILTERS = ['q', 'status', 'carrier', 'typeOfTask', 'priority', 'consigneeCountry', 'createdAt', 'pickupDate'] as const;

const filterValue = z.union([z.string().max(500), z.array(z.string().max(500)).max(100)]);
/** `view` is an order list of issue 7 §4 (orders, deleted, dhl, …); the rest are that list's filters. */
export const orderExportQuerySchema = z
  .object({
    view: z.string().max(40).default('orders'),
    /** The user's time zone for the created column (IANA, e.g. Europe/Berlin); UTC when absent or unknown. */
    tz: z.string().max(64).optional(),
    x_token: z.string().max(200).optional(),
  })
  .catchall(filterValue);
export type OrderExportQuery = z.input<typeof orderExportQuerySchema>;

export interface OrderExportResult {
  view: string;
  rows: number;
  lines: number;
}
