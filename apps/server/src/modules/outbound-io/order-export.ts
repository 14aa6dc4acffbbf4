import { OUTBOUND_ORDER, toLocale, type Locale } from '@kontor/contracts';
import { PRIORITY_CODES } from '@kontor/contracts/domains/outbound';
import { ORDER_EXPORT_JOB, type OrderExportQuery, type OrderExportResult } from '@kontor/contracts/domains/outbound-io';
import ExcelJS from 'exceljs';
import { PassThrough, type Writable } from 'node:stream';
import type { Core } from '../../core.js';
import { type AuthContext } from '../../http/access.js';
import { AppError } from '../../http/app-error.js';
import { addSafeRow } from '../../lib/csv.js';
import { registerJobHandler } from '../jobs/index.js';
import type { OutboundListsService } from '../outbound/index.js';
import { OUTBOUND_VIEWS, type OutboundView } from '../outbound/index.js';
import type { OutboundIoRepo } from './outbound-io.repo.js';
import { EXPORT_TEXTS as T, HEADERS, LINE_COLUMNS, ORDER_COLUMNS, say, type OrderColumn } from './export-texts.js';
import { localTime, wholeDays, zoneOf } from './zones.js';
import { TenantScope } from '../../db/tenant-scope.js';

export const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const PAGE = 1000;

/** What an export is, fixed when asked for: the view, its filters, and the asker's scope and language. */
export interface ExportRequest {
  view: OutboundView;
  filters: Record<string, unknown>;
  scope: TenantScope;
  /** A merchant user: no private remark, neither in the rows nor as a column. */
  merchantUser: boolean;
  locale: Locale;
  tz: string;
}

type Row = Record<string, unknown>;
const asText = (value: unknown) => (value === null || value === undefined ? '' : String(value));
const priorityOf = (code: unknown) => (Object.entries(PRIORITY_CODES).find(([, c]) => c === Number(code))?.[0] ?? 'normal') as keyof typeof PRIORITY_CODES;

function orderCells(row: Row, lines: string, r: ExportRequest): unknown[] {
  const state = OUTBOUND_ORDER.stateOf(Number(row.status));
  const consignee = (row.consignee ?? {}) as Record<string, string>;
  const parcels = (row.parcels ?? []) as Array<{ trackingNo: string }>;
  const cells: Record<OrderColumn, unknown> = {
    unid: row.unid,
    refOrderId: row.refOrderId,
    merchant: row.merchantName,
    status: state ? OUTBOUND_ORDER.states[state].label[r.locale] : asText(row.status),
    priority: T[priorityOf(row.priority)][r.locale],
    typeOfTask: row.typeOfTask,
    modeOfTransport: row.modeOfTransport,
    pickupDate: row.pickupDate,
    carrier: row.carrier,
    tracking: parcels.length ? parcels.map((p) => p.trackingNo).join(', ') : asText(row.shipBundle).split('\n').filter(Boolean).join(', '),
    consigneeName: row.consigneeName,
    country: row.consigneeCountry,
    zip: consignee.zip ?? '',
    city: consignee.city ?? '',
    lines,
    units: row.totalUnits,
    weight: row.weight,
    createdAt: localTime(row.createdAt as string | Date, r.tz),
    privateRemark: row.privateRemark,
  };
  return columnsFor(r).map((c) => cells[c] ?? '');
}

const columnsFor = (r: ExportRequest) => ORDER_COLUMNS.filter((c) => c !== 'privateRemark' || !r.merchantUser);

/**
 * Streams the workbook into `out`: the orders of the view and filter (keyset pages of 1000, committed
 * as written), and their lines on a second sheet. Every text cell is neutralised against formula
 * injection. Answers the number of orders and lines written.
 */
export async function writeOrderExport(
  lists: OutboundListsService,
  repo: OutboundIoRepo,
  core: Pick<Core, 'db'>,
  out: Writable,
  r: ExportRequest,
  options: { signal?: AbortSignal; onPage?: (written: number) => Promise<void> } = {},
): Promise<OrderExportResult> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const view = { views: [{ state: 'frozen' as const, ySplit: 1 }] };
  const orders = workbook.addWorksheet(T.ordersSheet[r.locale], view);
  const lineSheet = workbook.addWorksheet(T.linesSheet[r.locale], view);
  orders.columns = columnsFor(r).map((key) => ({
    header: HEADERS[key][r.locale],
    key,
    width: key === 'lines' || key === 'consigneeName' ? 32 : key === 'createdAt' ? 20 : 14,
    ...(key === 'createdAt' ? { style: { numFmt: 'yyyy-mm-dd hh:mm:ss' } } : {}),
  }));
  lineSheet.columns = LINE_COLUMNS.map((key) => ({ header: HEADERS[key][r.locale], key, width: key === 'name' ? 32 : 16 }));
  for (const sheet of [orders, lineSheet]) {
    sheet.getRow(1).font = { bold: true };
    sheet.getRow(1).commit();
  }
  const who = { scope: r.scope, merchantUser: r.merchantUser };
  const result: OrderExportResult = { view: r.view, rows: 0, lines: 0 };
  let o: string | undefined;
  do {
    if (options.signal?.aborted) break;
    const page = await lists.listScoped(who, r.view, { ...r.filters, l: PAGE, o });
    const lines = await repo.linesOf(
      core.db,
      page.data.map((row) => Number(row.id)),
    );
    for (const row of page.data) {
      const own = lines.filter((l) => l.orderId === Number(row.id));
      addSafeRow(orders, orderCells(row, own.map((l) => `${l.sku} × ${l.quantity}`).join('; '), r)).commit();
      for (const l of own) addSafeRow(lineSheet, [row.unid, l.sku, l.name, l.batch, l.quantity, l.reserved]).commit();
      result.lines += own.length;
    }
    result.rows += page.data.length;
    await options.onPage?.(result.rows);
    o = page.next ?? undefined;
  } while (o);
  orders.commit();
  lineSheet.commit();
  await workbook.commit();
  return result;
}

export const exportFileName = (r: ExportRequest) => `${T.file[r.locale]}_${r.view}_${new Date().toISOString().slice(0, 10)}.xlsx`;

/**
 * Checks an export when it is asked for: a view of issue 7 §4 the user may list, filters that list
 * accepts (a bad one is refused now, not in the job), date-only createdAt bounds as whole days in
 * the user's time zone. Answers the request and how many orders it matches (exact up to 10,000).
 */
export async function exportRequest(lists: OutboundListsService, auth: AuthContext, query: OrderExportQuery, locale: Locale) {
  const { view, tz: zone, x_token: _token, l: _l, o: _o, ...filters } = query as Record<string, unknown> & OrderExportQuery;
  const def = (OUTBOUND_VIEWS as Record<string, { privilege: string }>)[String(view ?? 'orders')];
  if (!def) throw new AppError('IntegrityError', { fields: [{ field: 'view', message: say(T.unknownView, locale, { view: String(view) }) }] });
  if (!auth.isAdmin && !auth.privileges.has(def.privilege)) throw new AppError('NoPermission');
  const tz = zoneOf(zone);
  if (typeof filters.createdAt === 'string') filters.createdAt = wholeDays(filters.createdAt, tz);
  const r: ExportRequest = { view: view as OutboundView, filters, scope: TenantScope.of(auth), merchantUser: auth.merchantId !== null, locale, tz };
  const probe = await lists.listScoped({ scope: r.scope, merchantUser: r.merchantUser }, r.view, { ...filters, l: 1 });
  return { request: r, total: probe.total };
}

/** The background variant: the same workbook with progress, kept as the job's result file for the export jobs screen. */
export function registerOrderExportJob(lists: OutboundListsService, repo: OutboundIoRepo): void {
  registerJobHandler(
    ORDER_EXPORT_JOB,
    async ({ db, payload, progress, signal }) => {
      const stored = payload.request as ExportRequest;
      // The scope was stored as JSON: made again from its merchant id, the one thing it holds.
      const r = { ...stored, scope: TenantScope.restore(stored.scope.merchantId ?? null), locale: toLocale(String(stored.locale)) };
      const total = Number(payload.total ?? 0);
      await progress(0, total);
      const out = new PassThrough();
      const chunks: Buffer[] = [];
      out.on('data', (chunk: Buffer) => chunks.push(chunk));
      const finished = new Promise<void>((resolve, reject) => {
        out.on('end', resolve);
        out.on('error', reject);
      });
      const result = await writeOrderExport(lists, repo, { db }, out, r, { signal, onPage: (done) => progress(done, Math.max(total, done)) });
      await finished;
      return { result, file: { name: exportFileName(r), mime: XLSX, data: Buffer.concat(chunks) } };
    },
    { maxAttempts: 1 },
  );
}
