import { errorText, type Locale } from '@kontor/contracts';
import { ORDER_IMPORT_COLUMNS, outboundOrderCreateSchema, type OutboundOrderCreate } from '@kontor/contracts/domains/outbound';
import type { OrderImportError } from '@kontor/contracts/domains/outbound-io';
import type { z } from 'zod';
import { AppError } from '../../http/app-error.js';
import { fieldError } from '../../http/error-handler.js';
import { unneutralise } from '../../lib/csv.js';
import type { TableFile } from '../../lib/table-file.js';

export type Column = (typeof ORDER_IMPORT_COLUMNS)[number];
type Cells = Partial<Record<Column, string>>;
export interface Row {
  line: number;
  cells: Cells;
}
/** The rows of one reference: one order, one line per row. */
export interface OrderGroup {
  ref: string;
  rows: Row[];
}
export type CreateInput = z.infer<typeof outboundOrderCreateSchema>;

const LINE_COLUMNS: readonly Column[] = ['sku', 'quantity', 'batch'];
const ADDRESS_COLUMNS = ['name1', 'name2', 'streetName', 'streetNumber', 'zip', 'city', 'country', 'phone', 'email'] as const;
/** Columns a file must have; unitQty may be left empty (the sum of the order's quantities). */
export const REQUIRED_COLUMNS: readonly Column[] = ['refOrderId', 'typeOfTask', 'modeOfTransport', 'pickupDate', 'weight', 'country', 'sku', 'quantity'];
const HEADER_COLUMNS = ORDER_IMPORT_COLUMNS.filter((c) => !LINE_COLUMNS.includes(c));

const squash = (name: string) => name.replace(/[\s_-]/g, '').toLowerCase();
const BY_SQUASHED = new Map<string, Column>(ORDER_IMPORT_COLUMNS.map((c) => [squash(c), c]));

/** The template's columns a header row names (any case, spaces or underscores), and the required ones it lacks. */
export function columnsOf(table: TableFile): { missing: Column[]; rows: Row[] } {
  const known = new Map<string, Column>();
  for (const name of table.header) {
    const column = BY_SQUASHED.get(squash(name));
    if (column) known.set(name, column);
  }
  const present = new Set(known.values());
  const rows = table.rows.map(({ line, cells }) => {
    const out: Cells = {};
    for (const [name, value] of Object.entries(cells)) {
      const column = known.get(name);
      if (column && value !== '') out[column] = unneutralise(value);
    }
    return { line, cells: out };
  });
  return { missing: REQUIRED_COLUMNS.filter((c) => !present.has(c)), rows };
}

/** Rows by reference in the order of their first row; a row without a reference is an error of its own. */
export function groupRows(rows: Row[], locale: Locale): { groups: OrderGroup[]; errors: OrderImportError[] } {
  const groups = new Map<string, OrderGroup>();
  const errors: OrderImportError[] = [];
  for (const row of rows) {
    const ref = row.cells.refOrderId ?? '';
    if (!ref) {
      errors.push({ line: row.line, refOrderId: '', field: 'refOrderId', message: fieldError('invalid_type', 'refOrderId', {}, locale).message });
      continue;
    }
    const group = groups.get(ref) ?? { ref, rows: [] };
    group.rows.push(row);
    groups.set(ref, group);
  }
  return { groups: [...groups.values()], errors };
}

const number = (raw: string | undefined) => (raw === undefined ? undefined : /^-?\d+([.,]\d+)?$/.test(raw) ? Number(raw.replace(',', '.')) : raw);
const pad = (n: string) => n.padStart(2, '0');

/** A date as the schema wants it: 2026-12-01, 01.12.2026, 1/12/2026 (day first) or a spreadsheet date cell. */
function isoDate(raw: string | undefined): string | undefined {
  if (raw === undefined) return undefined;
  if (/^\d{4}-\d{2}-\d{2}/.test(raw)) return raw.slice(0, 10);
  const dmy = /^(\d{1,2})[./](\d{1,2})[./](\d{4})$/.exec(raw);
  if (dmy) return `${dmy[3]}-${pad(dmy[2]!)}-${pad(dmy[1]!)}`;
  const parsed = new Date(raw);
  return Number.isNaN(parsed.getTime()) || !/[a-z]/i.test(raw) ? raw : parsed.toISOString().slice(0, 10);
}

/** The order body of a group: the header from its first row (later rows may repeat it or leave it empty). */
export function bodyOf(group: OrderGroup, merchantId: number): Record<string, unknown> {
  const first = group.rows[0]!.cells;
  const lines = group.rows.map(({ cells }) => ({ sku: cells.sku, quantity: number(cells.quantity), batch: cells.batch }));
  const units = lines.reduce((sum, l) => sum + (typeof l.quantity === 'number' ? l.quantity : 0), 0);
  return {
    merchantId,
    refOrderId: group.ref,
    typeOfTask: first.typeOfTask?.toUpperCase(),
    modeOfTransport: first.modeOfTransport?.toLowerCase(),
    priority: first.priority?.toLowerCase(),
    pickupDate: isoDate(first.pickupDate),
    unitQty: number(first.unitQty) ?? (units > 0 ? units : undefined),
    weight: number(first.weight),
    carrier: first.carrier?.toUpperCase(),
    consignee: Object.fromEntries(ADDRESS_COLUMNS.map((c) => [c, first[c]]).filter(([, v]) => v !== undefined)),
    remark: first.remark,
    lines,
  } satisfies Partial<Record<keyof OutboundOrderCreate, unknown>>;
}

/** Later rows naming a different order field than the first row: the order would be ambiguous. */
export function conflicts(group: OrderGroup): OrderImportError[] {
  const first = group.rows[0]!;
  const errors: OrderImportError[] = [];
  for (const row of group.rows.slice(1))
    for (const column of HEADER_COLUMNS) {
      const value = row.cells[column];
      if (value !== undefined && first.cells[column] !== undefined && value !== first.cells[column])
        errors.push({ line: row.line, refOrderId: group.ref, field: column, message: `≠ ${first.cells[column]} (${first.line})` });
    }
  return errors;
}

/** Where a field of the order body sits in the file: the row of a line, else the order's first row. */
function place(group: OrderGroup, path: ReadonlyArray<PropertyKey>): { line: number; field: string } {
  const [head, index, sub] = path.map(String);
  if (head === 'lines') return { line: (group.rows[Number(index)] ?? group.rows[0]!).line, field: sub || 'sku' };
  if (head === 'consignee') return { line: group.rows[0]!.line, field: index || 'country' };
  return { line: group.rows[0]!.line, field: head || 'refOrderId' };
}

/** The schema's verdict on a body: the order to create, or every problem at its row and column, worded for the user. */
export function checkBody(group: OrderGroup, body: Record<string, unknown>, locale: Locale): { input?: CreateInput; errors: OrderImportError[] } {
  const parsed = outboundOrderCreateSchema.safeParse(body, { reportInput: true });
  if (parsed.success) return { input: parsed.data, errors: [] };
  const errors = parsed.error.issues.map((issue) => {
    const { line, field } = place(group, issue.path);
    let message = fieldError(issue.code, field, issue, locale).message;
    if (issue.code === 'invalid_value') message += ` (${issue.values.map(String).join(', ')})`;
    return { line, refOrderId: group.ref, field, message };
  });
  return { errors };
}

/** A refusal of the order service, at the rows and columns it names, in the user's language. */
export function refusal(group: OrderGroup, error: unknown, locale: Locale): OrderImportError[] {
  if (!(error instanceof AppError))
    return [{ line: group.rows[0]!.line, refOrderId: group.ref, field: 'refOrderId', message: errorText('InternalError', locale) }];
  const text = error.options.detail ?? errorText(error.code, locale, error.options.params);
  const fields = error.options.fields?.length ? error.options.fields : [{ field: 'refOrderId', message: '' }];
  return fields.map((f) => {
    const { line, field } = place(group, f.field.split('.'));
    return { line, refOrderId: group.ref, field, message: !f.message || text.includes(f.message) ? text : `${text} ${f.message}` };
  });
}
