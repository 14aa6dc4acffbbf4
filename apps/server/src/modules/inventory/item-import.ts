import { toLocale, validationText, type Locale } from '@kontor/contracts';
import { itemWriteSchema, type ItemWrite } from '@kontor/contracts/domains/inventory';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Core } from '../../core.js';
import type { DB } from '../../db/types.js';
import { type AuthContext } from '../../http/access.js';
import { AppError, ruleError } from '../../http/app-error.js';
import { fieldError } from '../../http/error-handler.js';
import { toCsv } from '../../lib/csv.js';
import { readTableFile, ROWS_PER_TURN, tableLimits, yieldToLoop } from '../../lib/table-file.js';
import { registerJobHandler } from '../jobs/index.js';
import { ResourceView } from '../resources/index.js';
import { INVENTORY_RESOURCES, syncItemCodes } from './inventory.resources.js';
import { ItemImportRepo } from './item-import.repo.js';
import { TenantScope, tenantAllows } from '../../db/tenant-scope.js';

export const ITEM_IMPORT_JOB = 'items.import';
export const itemImportSchema = z.strictObject({
  fileId: z.string().regex(/^[a-f0-9]{32}$/),
  merchantId: z.number().int().positive().optional(),
  /** Import the good rows and report the bad ones; by default one bad row stops the whole import. */
  goodRowsOnly: z.boolean().default(false),
});

interface RowError {
  line: number;
  field: string;
  message: string;
}

const LIST = /[|;,]/;
const BOOL: Record<string, boolean> = {
  '1': true,
  true: true,
  yes: true,
  ja: true,
  x: true,
  是: true,
  '0': false,
  false: false,
  no: false,
  nein: false,
  否: false,
};
const NUMBER_FIELDS = ['type', 'weight', 'length', 'width', 'height', 'customsValue'];
const BOOL_FIELDS = ['serialRequired', 'batchTracked', 'expiryTracked'];

/** One spreadsheet row as an item body: lists split on | ; or ,, decimal commas accepted, empty cells left to defaults. */
function bodyOf(cells: Record<string, string>): Record<string, unknown> {
  const byKey = new Map(Object.entries(cells).map(([k, v]) => [k.replace(/[\s_-]/g, '').toLowerCase(), v]));
  const body: Record<string, unknown> = {};
  const fields = [
    'sku',
    'name',
    'type',
    'barcodes',
    'aliases',
    'weight',
    'length',
    'width',
    'height',
    'serialRequired',
    'serialPattern',
    'batchTracked',
    'expiryTracked',
  ];
  fields.push('hsCode', 'originCountry', 'customsValue', 'customsCurrency', 'remark');
  for (const field of fields) {
    const raw = byKey.get(field.toLowerCase()) ?? (field === 'barcodes' ? (byKey.get('barcode') ?? byKey.get('ean')) : undefined);
    if (raw === undefined || raw === '') continue;
    if (field === 'barcodes' || field === 'aliases')
      body[field] = raw
        .split(LIST)
        .map((s) => s.trim())
        .filter(Boolean);
    else if (NUMBER_FIELDS.includes(field)) body[field] = /^-?\d+([.,]\d+)?$/.test(raw) ? Number(raw.replace(',', '.')) : raw;
    else if (BOOL_FIELDS.includes(field)) body[field] = BOOL[raw.toLowerCase()] ?? raw;
    else body[field] = raw;
  }
  return body;
}

const CODES_PER_QUERY = 1000;

/** Checks every row; answers the good ones and every problem with its line number. */
async function checkRows(db: Kysely<DB>, merchantId: number, rows: Array<{ line: number; cells: Record<string, string> }>, locale: Locale) {
  const errors: RowError[] = [];
  const good: Array<{ line: number; item: ItemWrite }> = [];
  const seen = new Map<string, number>();
  for (const [index, { line, cells }] of rows.entries()) {
    // Checking 100,000 rows takes seconds: let other requests in between (issue 15 item 1).
    if (index % ROWS_PER_TURN === ROWS_PER_TURN - 1) await yieldToLoop();
    const parsed = itemWriteSchema.safeParse(bodyOf(cells), { reportInput: true });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) errors.push({ line, ...fieldError(issue.code, issue.path.join('.'), issue, locale) });
      continue;
    }
    const item = parsed.data;
    const codes = [item.sku, ...item.barcodes, ...item.aliases];
    const twice = codes.find((c) => seen.has(c));
    if (twice) {
      errors.push({ line, field: 'sku', message: validationText('alreadyOnLine', locale, { value: twice, line: seen.get(twice) }) });
      continue;
    }
    for (const c of codes) seen.set(c, line);
    good.push({ line, item });
  }
  // Codes already used by another item of this merchant (the same SKU is an update, not a clash).
  // In slices: 100,000 codes in one IN list pass PostgreSQL's 65,535 parameters (and broke PGlite).
  const codes = [...seen.keys()];
  const taken: Array<{ code: string; sku: string }> = [];
  for (let from = 0; from < codes.length; from += CODES_PER_QUERY) {
    taken.push(...(await new ItemImportRepo(db).codesTaken(merchantId, codes.slice(from, from + CODES_PER_QUERY))));
  }
  const owner = new Map(taken.map((t) => [t.code, t.sku]));
  const clean = good.filter(({ line, item }) => {
    const clash = [...item.barcodes, ...item.aliases, item.sku].find((c) => owner.has(c) && owner.get(c) !== item.sku);
    if (clash) errors.push({ line, field: 'barcodes', message: validationText('codeTaken', locale, { value: clash, sku: owner.get(clash) }) });
    return !clash;
  });
  return { good: clean, errors: errors.sort((a, b) => a.line - b.line) };
}

/** Items written per transaction (docs/decisions.md "Import limits"). */
const ITEMS_PER_TRANSACTION = 200;

/**
 * Creates or updates (by SKU) the checked items, with their codes, in transactions of
 * ITEMS_PER_TRANSACTION: every row was checked before the first write, and a transaction over
 * 100,000 rows would hold the embedded database (one connection) from every other user for minutes.
 */
async function writeItems(db: Kysely<DB>, merchantId: number, items: ItemWrite[], progress: (done: number) => Promise<void>) {
  for (let from = 0; from < items.length; from += ITEMS_PER_TRANSACTION) {
    await writeBatch(db, merchantId, items.slice(from, from + ITEMS_PER_TRANSACTION));
    await progress(Math.min(from + ITEMS_PER_TRANSACTION, items.length));
    await yieldToLoop();
  }
}

async function writeBatch(db: Kysely<DB>, merchantId: number, items: ItemWrite[]) {
  const def = INVENTORY_RESOURCES.find((d) => d.name === 'item')!;
  const repo = new ResourceView(db, def);
  await db.transaction().execute(async (trx) => {
    for (const item of items) {
      const columns = repo.toColumns(item as unknown as Record<string, unknown>);
      const existing = await ItemImportRepo.itemIdBySku(trx, merchantId, item.sku);
      let id: number;
      if (existing !== null) {
        id = existing;
        await ItemImportRepo.updateItem(trx, id, columns);
      } else id = await repo.insert(trx, { ...columns, merchant_id: merchantId });
      await syncItemCodes(trx, { id, merchantId, values: item as unknown as Record<string, unknown> });
    }
  });
}

export function registerItemImport(): void {
  registerJobHandler(
    ITEM_IMPORT_JOB,
    async ({ db, core, payload, progress }) => {
      const file = await new ItemImportRepo(db).fileContent(String(payload.fileId));
      if (!file) throw new AppError('NotFound');
      const locale = toLocale(String(payload.locale ?? 'en'));
      const table = await readTableFile(Buffer.from(file.data as Uint8Array), tableLimits(core.config), locale);
      const merchantId = payload.merchantId as number;
      const missing = ['sku', 'name'].filter((h) => !table.header.some((x) => x.toLowerCase() === h));
      const { good, errors } = missing.length
        ? { good: [], errors: missing.map((field) => ({ line: 1, field, message: validationText('columnMissing', locale, { field }) })) }
        : await checkRows(db, merchantId, table.rows, locale);
      await progress(0, good.length, 'checked');
      const write = errors.length === 0 || payload.goodRowsOnly === true;
      if (write && good.length)
        await writeItems(
          db,
          merchantId,
          good.map((g) => g.item),
          (done) => progress(done, good.length),
        );
      const result = {
        rows: table.rows.length,
        imported: write ? good.length : 0,
        failed: new Set(errors.map((e) => e.line)).size,
        errors: errors.slice(0, 200),
      };
      if (errors.length === 0) return { result };
      const report = toCsv(
        ['line', 'field', 'message'],
        errors.map((e) => [e.line, e.field, e.message]),
      );
      return { result, file: { name: `item-import-errors-${String(file.name).replace(/\.\w+$/, '')}.csv`, mime: 'text/csv; charset=utf-8', data: report } };
    },
    { maxAttempts: 1 },
  );
}

/** Queues an import of an uploaded file; the merchant comes from the session, or staff name it. */
export async function enqueueItemImport(core: Core, auth: AuthContext, input: z.infer<typeof itemImportSchema>, locale: Locale) {
  const scope = TenantScope.of(auth);
  const merchantId = scope.merchantId ?? input.merchantId;
  if (!merchantId) throw new AppError('IntegrityError', { fields: [ruleError('merchantId', 'required')] });
  if (input.merchantId !== undefined && !tenantAllows(scope, input.merchantId)) throw new AppError('NoPermission');
  const file = await new ItemImportRepo(core.db).fileOwner(input.fileId);
  if (!file || (file.owner_user_id !== auth.userId && !tenantAllows(scope, file.merchant_id))) throw new AppError('NotFound');
  return core.jobs!.enqueue(
    ITEM_IMPORT_JOB,
    { fileId: input.fileId, merchantId, goodRowsOnly: input.goodRowsOnly, locale },
    { userId: auth.userId, merchantId: auth.merchantId },
  );
}
