import { INBOUND_ORDER, toLocale, validationText, type Locale } from '@kontor/contracts';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { PassThrough, type Writable } from 'node:stream';
import { z } from 'zod';
import type { Core } from '../../core.js';
import type { DB } from '../../db/types.js';
import { scopeMerchantId } from '../../http/access.js';
import { AppError } from '../../http/app-error.js';
import { contentDisposition } from '../../http/content-disposition.js';
import { ok } from '../../http/reply.js';
import { addSafeRow } from '../../lib/csv.js';
import { registerJobHandler } from '../jobs/registry.js';
import { writeReturnsSheet } from '../returns/index.js';

export const RECEIVING_EXPORT_JOB = 'receiving.export';
/** Above this many rows a period is exported by a background job (architecture rule 10). */
export const DIRECT_LIMIT = 5000;
const PAGE = 1000;
const MAX_DAYS = 366;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const PRIVILEGE = 'tools.receivingExport.view';

type L10n = Record<Locale, string>;
const COLUMNS = ['unid', 'merchant', 'warehouse', 'container', 'reference', 'carrier', 'status', 'started', 'receivedAt'] as const;
const LINE_COLUMNS = ['sku', 'name', 'batch', 'planned', 'received', 'damaged', 'difference', 'putAway'] as const;
type Column = (typeof COLUMNS)[number] | (typeof LINE_COLUMNS)[number];
const HEADERS: Record<Column, L10n> = {
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
const ACTIVITY_HEADERS: L10n[] = [
  { en: 'Day', cn: '日期', de: 'Tag' },
  { en: 'Merchant', cn: '商户', de: 'Händler' },
  { en: 'Activity', cn: '作业类型', de: 'Leistung' },
  { en: 'Quantity', cn: '数量', de: 'Menge' },
  { en: 'Orders', cn: '单数', de: 'Aufträge' },
];
const ACTIVITY_KINDS: Record<string, L10n> = {
  'inbound.unit': { en: 'Units received', cn: '收货件数', de: 'Eingegangene Einheiten' },
  'inbound.box': { en: 'Boxes received', cn: '收货箱数', de: 'Eingegangene Kartons' },
  'inbound.pallet': { en: 'Pallets received', cn: '收货托盘数', de: 'Eingegangene Paletten' },
  return: { en: 'Returns inbounded', cn: '退货入库单数', de: 'Eingelagerte Retouren' },
  'return.unit': { en: 'Returned units', cn: '退货件数', de: 'Retournierte Einheiten' },
};
const TEXTS = {
  sheet: { en: 'Receivings', cn: '收货明细', de: 'Wareneingänge' },
  activitySheet: { en: 'Activity', cn: '作业量', de: 'Leistungen' },
  file: { en: 'receivings', cn: '收货导出', de: 'Wareneingänge' },
  notDate: { en: '{field} must be a date (YYYY-MM-DD).', cn: '{field} 必须是日期（YYYY-MM-DD）。', de: '{field} muss ein Datum sein (JJJJ-MM-TT).' },
  fromAfterTo: {
    en: 'The start date must not be after the end date.',
    cn: '开始日期不能晚于结束日期。',
    de: 'Das Startdatum darf nicht nach dem Enddatum liegen.',
  },
  tooLong: { en: 'The period may span at most {max} days.', cn: '期间最多 {max} 天。', de: 'Der Zeitraum darf höchstens {max} Tage umfassen.' },
  tooMany: {
    en: 'This period has more than {limit} rows: use "Export in background".',
    cn: '该期间超过 {limit} 行，请使用“后台导出”。',
    de: 'Dieser Zeitraum hat mehr als {limit} Zeilen: bitte „Im Hintergrund exportieren“ verwenden.',
  },
} satisfies Record<string, L10n>;
const say = (text: L10n, locale: Locale, params: Record<string, unknown> = {}) =>
  text[locale].replace(/\{(\w+)\}/g, (m, k: string) => (k in params ? String(params[k]) : m));

/** What the routes take: plain strings, checked by `parsePeriod` so every refusal names its field in the user's language. */
const periodInput = z.strictObject({ from: z.string().max(40).optional(), to: z.string().max(40).optional() });
const periodQuery = periodInput.extend({ x_token: z.string().max(200).optional() });

export interface Period {
  from: string;
  to: string;
}

const dateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const dayNumber = (date: string) => {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const at = new Date(Date.UTC(y, m - 1, d));
  return at.getUTCFullYear() === y && at.getUTCMonth() === m - 1 && at.getUTCDate() === d ? at.getTime() / 86_400_000 : null;
};

/** Both dates present and real, from ≤ to, at most 366 days (inclusive). */
export function parsePeriod(input: { from?: string; to?: string }, locale: Locale): Period {
  const days: Partial<Record<'from' | 'to', number>> = {};
  for (const field of ['from', 'to'] as const) {
    const value = input[field];
    if (!value) throw new AppError('IntegrityError', { fields: [{ field, message: validationText('required', locale, { field }) }] });
    const day = dateSchema.safeParse(value).success ? dayNumber(value) : null;
    if (day === null) throw new AppError('IntegrityError', { fields: [{ field, message: say(TEXTS.notDate, locale, { field }) }] });
    days[field] = day;
  }
  const span = days.to! - days.from! + 1;
  if (span < 1) throw new AppError('IntegrityError', { fields: [{ field: 'to', message: say(TEXTS.fromAfterTo, locale) }] });
  if (span > MAX_DAYS) throw new AppError('IntegrityError', { fields: [{ field: 'to', message: say(TEXTS.tooLong, locale, { max: MAX_DAYS }) }] });
  return { from: input.from!, to: input.to! };
}

interface LineRow {
  orderId: string | number;
  lineId: string | number;
  unid: string;
  merchant: string;
  warehouse: string;
  container: string | null;
  reference: string;
  carrier: string;
  status: number;
  started: string | null;
  receivedAt: string | null;
  sku: string;
  name: string;
  batch: string;
  planned: number;
  received: number;
  damaged: number;
  putAway: number;
}

/**
 * Orders received in the period (received_at, else receiving_started_at), days counted in the
 * warehouse's time zone, in the caller's merchant scope (architecture rule 5).
 */
function periodWhere(period: Period, scope: number | null): RawBuilder<unknown> {
  const at = sql`coalesce(o.received_at, o.receiving_started_at)`;
  const inPeriod = sql`${at} >= (${period.from}::date::timestamp at time zone w.time_zone)
    and ${at} < ((${period.to}::date + 1)::timestamp at time zone w.time_zone)`;
  return scope === null ? inPeriod : sql`${inPeriod} and o.merchant_id = ${scope}`;
}

async function countRows(db: Kysely<DB>, period: Period, scope: number | null, cap?: number): Promise<number> {
  const limit = cap === undefined ? sql`` : sql`limit ${cap}`;
  const result = await sql<{ n: number }>`select count(*)::int as n from (select 1 from inbound_orders o
      join warehouses w on w.id = o.warehouse_id join inbound_lines l on l.order_id = o.id
      where ${periodWhere(period, scope)} ${limit}) x`.execute(db);
  return Number(result.rows[0]?.n ?? 0);
}

/** One keyset page of lines after (orderId, lineId). */
async function linePage(db: Kysely<DB>, period: Period, scope: number | null, after: [number, number]): Promise<LineRow[]> {
  const local = (column: string) => sql`to_char(${sql.ref(column)} at time zone w.time_zone, 'YYYY-MM-DD"T"HH24:MI:SS')`;
  const result = await sql<LineRow>`select o.id as "orderId", l.id as "lineId", o.unid, m.name as merchant, w.code as warehouse,
      c.number as container, o.reference, o.carrier, o.status, ${local('o.receiving_started_at')} as started,
      ${local('o.received_at')} as "receivedAt", i.sku, i.name, l.batch, l.planned, l.received, l.damaged,
      l.put_away + l.put_away_damaged as "putAway"
    from inbound_orders o
    join merchants m on m.id = o.merchant_id
    join warehouses w on w.id = o.warehouse_id
    left join containers c on c.id = o.container_id
    join inbound_lines l on l.order_id = o.id
    join items i on i.id = l.item_id
    where ${periodWhere(period, scope)} and (o.id, l.id) > (${after[0]}, ${after[1]})
    order by o.id, l.id
    limit ${PAGE}`.execute(db);
  return result.rows;
}

interface ActivityRow {
  day: string;
  merchantId: string | number;
  merchant: string;
  kind: string;
  quantity: number;
  orders: number;
}

/** Handling recorded for billing (issue 6 §7) in the period, per day, merchant and kind, one keyset page. */
async function activityPage(db: Kysely<DB>, period: Period, scope: number | null, after: [string, number, string]): Promise<ActivityRow[]> {
  const scoped = scope === null ? sql`` : sql`and a.merchant_id = ${scope}`;
  const result = await sql<ActivityRow>`select * from (
      select to_char(a.day, 'YYYY-MM-DD') as day, a.merchant_id as "merchantId", m.name as merchant, a.kind,
        sum(a.quantity)::int as quantity, count(distinct a.ref_id)::int as orders
      from billing_activity a join merchants m on m.id = a.merchant_id
      where a.ref_type in ('inbound', 'return') and a.day between ${period.from}::date and ${period.to}::date ${scoped}
      group by a.day, a.merchant_id, m.name, a.kind) x
    where (x.day, x."merchantId", x.kind) > (${after[0]}, ${after[1]}, ${after[2]})
    order by x.day, x."merchantId", x.kind
    limit ${PAGE}`.execute(db);
  return result.rows;
}

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
  scope: number | null;
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

const fileName = (period: Period, locale: Locale) => `${TEXTS.file[locale]}_${period.from}_${period.to}.xlsx`;

/** The background variant: the same workbook with progress, stored as the job's result file. */
function registerJob(): void {
  registerJobHandler(
    RECEIVING_EXPORT_JOB,
    async ({ db, payload, progress, signal }) => {
      const locale = toLocale(String(payload.locale ?? 'en'));
      const period = parsePeriod({ from: String(payload.from), to: String(payload.to) }, locale);
      const scope = (payload.merchantScope as number | null) ?? null;
      const total = await countRows(db, period, scope);
      await progress(0, total);
      const out = new PassThrough();
      const chunks: Buffer[] = [];
      out.on('data', (chunk: Buffer) => chunks.push(chunk));
      const finished = new Promise<void>((resolve, reject) => {
        out.on('end', resolve);
        out.on('error', reject);
      });
      const rows = await writeReceivingExport(db, out, { period, scope, locale, signal, onPage: (done) => progress(done, Math.max(total, done)) });
      await finished;
      return { result: { rows, from: period.from, to: period.to }, file: { name: fileName(period, locale), mime: XLSX, data: Buffer.concat(chunks) } };
    },
    { maxAttempts: 1 },
  );
}

/** `/tools/receivingExport` (issue 6 §8): receivings of a period to XLSX, directly when small, else as a background job. */
export function registerReceivingExport(app: FastifyInstance, core: Core): void {
  registerJob();
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { access: { privilege: PRIVILEGE } };
  const tags = ['inbound'];

  r.get(
    '/v0/r7gorders/export.xlsx',
    { config, schema: { tags, summary: `Receivings of a period (from, to) as XLSX, up to ${DIRECT_LIMIT} rows`, querystring: periodQuery } },
    async (req, reply) => {
      const period = parsePeriod(req.query, req.locale);
      const scope = scopeMerchantId(req.auth!);
      if ((await countRows(core.db, period, scope, DIRECT_LIMIT + 1)) > DIRECT_LIMIT)
        throw new AppError('ToFront', { detail: say(TEXTS.tooMany, req.locale, { limit: DIRECT_LIMIT }), extra: { background: true, limit: DIRECT_LIMIT } });
      const out = new PassThrough();
      writeReceivingExport(core.db, out, { period, scope, locale: req.locale }).catch((err: unknown) => {
        req.log.error({ err }, 'receiving export failed while streaming');
        out.destroy(err instanceof Error ? err : new Error(String(err)));
      });
      return reply
        .header('Content-Type', XLSX)
        .header('Content-Disposition', contentDisposition('attachment', fileName(period, req.locale)))
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'private, no-store')
        .send(out);
    },
  );
  r.post(
    '/v0/r7gorders/export.xlsx',
    {
      config: { ...config, idempotent: true },
      schema: { tags, summary: 'Receivings of a period as XLSX by a background job; answers the job', body: periodInput },
    },
    async (req) => {
      const period = parsePeriod(req.body, req.locale);
      const auth = req.auth!;
      return ok(
        await core.jobs!.enqueue(
          RECEIVING_EXPORT_JOB,
          { ...period, merchantScope: scopeMerchantId(auth), locale: req.locale },
          { userId: auth.userId, merchantId: auth.merchantId },
        ),
      );
    },
  );
}
