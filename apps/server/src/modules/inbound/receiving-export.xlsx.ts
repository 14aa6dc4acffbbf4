import { INBOUND_ORDER, type Locale } from '@kontor/contracts';
import ExcelJS from 'exceljs';
import type { Writable } from 'node:stream';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import { addSafeRow } from '../../lib/csv.js';
import { writeReturnsSheet } from '../returns/index.js';
import type { Period } from './receiving-export.period.js';
import { activityPage, linePage, PAGE, type LineRow } from './receiving-export.repo.js';
import { ACTIVITY_HEADERS, ACTIVITY_KINDS, COLUMNS, HEADERS, LINE_COLUMNS, TEXTS, type Column } from './receiving-export.texts.js';
import type { TenantScope } from '../../db/tenant-scope.js';

export const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A local wall-clock time as an Excel date (Excel dates carry no zone: the cell shows the warehouse's time). */
const excelTime = (local: string | null) => (local ? new Date(`${local}Z`) : null);

function lineCells(row: LineRow, locale: Locale): unknown[] {
  const state = INBOUND_ORDER.stateOf(row.status);
  return [
    row.unid,
    row.merchant,
    row.warehouse,
    row.container ?? '',
    row.reference,
    row.carrier,
    state ? INBOUND_ORDER.states[state].label[locale] : String(row.status),
    excelTime(row.started),
    excelTime(row.receivedAt),
    row.sku,
    row.name,
    row.batch,
    row.planned,
    row.received,
    row.damaged,
    // Booked units against the plan, as the order's difference (below 0 short, above 0 over).
    row.received + row.damaged - row.planned,
    row.putAway,
  ];
}

export interface ExportOptions {
  period: Period;
  scope: TenantScope;
  locale: Locale;
  signal?: AbortSignal;
  /** Called after every page with the number of lines written so far. */
  onPage?: (written: number) => Promise<void>;
}

/**
 * Streams the workbook into `out`: the lines of the period, the returns of the period, then the handling activity. Rows are read
 * in keyset pages of 1000 and committed as they are written, so a year of receivings never sits in
 * memory as objects. Answers the number of lines written.
 */
export async function writeReceivingExport(db: Kysely<DB>, out: Writable, options: ExportOptions): Promise<number> {
  const { period, scope, locale } = options;
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(TEXTS.sheet[locale], { views: [{ state: 'frozen', ySplit: 1 }] });
  const dateColumn = (key: Column) => key === 'started' || key === 'receivedAt';
  sheet.columns = [...COLUMNS, ...LINE_COLUMNS].map((key) => ({
    header: HEADERS[key][locale],
    key,
    width: dateColumn(key) ? 20 : key === 'name' ? 32 : 16,
    ...(dateColumn(key) ? { style: { numFmt: 'yyyy-mm-dd hh:mm:ss' } } : {}),
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  let written = 0;
  let after: [number, number] = [0, 0];
  for (;;) {
    if (options.signal?.aborted) break;
    const page = await linePage(db, period, scope, after);
    for (const row of page) addSafeRow(sheet, lineCells(row, locale)).commit();
    written += page.length;
    await options.onPage?.(written);
    if (page.length < PAGE) break;
    const last = page[page.length - 1]!;
    after = [Number(last.orderId), Number(last.lineId)];
  }
  sheet.commit();
  await writeReturnsSheet(workbook, db, { period, scope, locale, signal: options.signal });

  const activity = workbook.addWorksheet(TEXTS.activitySheet[locale], { views: [{ state: 'frozen', ySplit: 1 }] });
  activity.columns = ACTIVITY_HEADERS.map((header, i) => ({ header: header[locale], width: i === 2 ? 24 : 16 }));
  activity.getRow(1).font = { bold: true };
  activity.getRow(1).commit();
  let next: [string, number, string] = ['', 0, ''];
  for (;;) {
    if (options.signal?.aborted) break;
    const page = await activityPage(db, period, scope, next);
    for (const row of page) addSafeRow(activity, [row.day, row.merchant, ACTIVITY_KINDS[row.kind]?.[locale] ?? row.kind, row.quantity, row.orders]).commit();
    if (page.length < PAGE) break;
    const last = page[page.length - 1]!;
    next = [last.day, Number(last.merchantId), last.kind];
  }
  activity.commit();
  await workbook.commit();
  return written;
}
