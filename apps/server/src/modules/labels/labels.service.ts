/**
 * Label documents (issue 17 item 6): the barcode generator, common logistics labels, box and pallet
 * labels with SSCCs and item labels. Every request is checked completely before the first page is
 * drawn, so a bad value answers a field error instead of a broken PDF; then the pages stream.
 */
import type { barcodeSheetSchema, boxLabelQuerySchema, compartmentLabelSchema, itemLabelSchema, logisticsLabelSchema } from '@kontor/contracts/domains/labels';
import type { FieldError } from '@kontor/contracts';
import { Readable } from 'node:stream';
import { formatBerlin } from '@kontor/contracts/dates';
import type { z } from 'zod';
import type { Core } from '../../core.js';
import { type AuthContext } from '../../http/access.js';
import { AppError, ruleError } from '../../http/app-error.js';
import { canEncode, isMatrix } from '../../lib/documents/barcode.js';
import { barcodeSheetPainters, rangeValues } from '../../lib/documents/barcode-sheet.js';
import { hasCjkFont } from '../../lib/documents/fonts.js';
import { addLogisticUnitPage } from '../../lib/documents/logistic-unit-label.js';
import { addLogisticsLabels } from '../../lib/documents/logistics-labels.js';
import { newDocument, sizeFromMm, streamPages } from '../../lib/documents/pdf.js';
import { addCompartmentLabelPage, addItemLabelPage } from '../../lib/documents/small-labels.js';
import { buildSscc, SSCC_EXTENSION, ssccCounterPrefix, ssccSerialCapacity } from '../../lib/documents/sscc.js';
import { renderPackingSlip } from '../../lib/documents/packing-slip.js';
import { merchantDirectory } from '../admin/index.js';
import { labelOrders } from '../outbound/index.js';
import { compartmentsForLabels, labelItems } from '../inventory/index.js';
import { SsccRepo } from './sscc.repo.js';
import { TenantScope } from '../../db/tenant-scope.js';

export interface PdfAnswer {
  fileName: string;
  stream: Readable;
  /** The language printed when it differs from the one asked (no CJK font installed). */
  language?: string;
}

type BarcodeSheet = z.output<typeof barcodeSheetSchema>;
type LogisticsLabel = z.output<typeof logisticsLabelSchema>;
type UnitQuery = z.output<typeof boxLabelQuerySchema>;
type ItemLabels = z.output<typeof itemLabelSchema>;

/** At most this many refused values are named in one answer. */
const MAX_FIELD_ERRORS = 10;
const today = () => new Date().toISOString().slice(0, 10);
const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve));
const invalid = (fields: FieldError[]) => new AppError('IntegrityError', { fields });

export class LabelsService {
  constructor(private readonly core: Core) {}

  private get maxLabels(): number {
    return this.core.config.LABEL_MAX_PER_REQUEST;
  }

  /** The values a barcode request names (its list, or its range), checked against the cap. */
  private sheetValues(input: BarcodeSheet): string[] {
    if (!!input.values === !!input.range) throw invalid([ruleError('values', 'valuesOrRange')]);
    const source = input.range ? 'range' : 'values';
    let count: number;
    if (input.range) {
      if (input.range.to < input.range.from) throw invalid([ruleError('range.to', 'tooSmall', { min: input.range.from })]);
      count = input.range.to - input.range.from + 1;
    } else {
      count = input.values!.length;
      if (count === 0) throw invalid([ruleError('values', 'required')]);
    }
    if (count * input.copies > this.maxLabels) {
      throw invalid([ruleError(input.copies > 1 ? 'copies' : source, 'tooManyLabels', { count: count * input.copies, max: this.maxLabels })]);
    }
    const r = input.range;
    return r ? rangeValues(r.from, r.to, r.prefix, r.padding, r.suffix) : input.values!;
  }

  /** Every value must encode: linear symbologies are checked one by one (cheap), in batches. */
  private async checkEncodable(input: BarcodeSheet, values: string[]): Promise<void> {
    const fields: FieldError[] = [];
    const source = input.range ? 'range' : 'values';
    // QR and DataMatrix take any text of this length; checking them would cost as much as drawing.
    const toCheck = isMatrix(input.symbology) ? values.slice(0, 1) : values;
    for (let i = 0; i < toCheck.length && fields.length < MAX_FIELD_ERRORS; i++) {
      if (i > 0 && i % 200 === 0) await yieldToLoop();
      if (!canEncode(input.symbology, toCheck[i]!)) {
        fields.push(ruleError(input.range ? source : `values.${i}`, 'notEncodable', { value: toCheck[i], symbology: input.symbology }));
      }
    }
    if (fields.length) throw invalid(fields);
  }

  async barcodeSheet(input: BarcodeSheet): Promise<PdfAnswer> {
    const values = this.sheetValues(input);
    await this.checkEncodable(input, values);
    const doc = newDocument(`Barcodes ${input.symbology}`);
    const painters = barcodeSheetPainters(doc, { symbology: input.symbology, values, size: input.size, copies: input.copies, showText: input.showText });
    return { fileName: `barcodes-${input.symbology}.pdf`, stream: streamPages(doc, painters, (paint) => paint()) };
  }

  /** The merchant printed on a label: a merchant user's own, else the one asked for (must exist). */
  private async merchantName(auth: AuthContext, asked: number | undefined): Promise<string | undefined> {
    const id = TenantScope.of(auth).merchantId ?? asked;
    if (id === undefined || id === null) return undefined;
    const merchant = await merchantDirectory.labelName(this.core.db, id);
    if (!merchant) throw invalid([ruleError('merchantId', 'unknownRecord', { value: id })]);
    return merchant.name;
  }

  async logistics(auth: AuthContext, input: LogisticsLabel): Promise<PdfAnswer> {
    if (input.copies > this.maxLabels) throw invalid([ruleError('copies', 'tooManyLabels', { count: input.copies, max: this.maxLabels })]);
    const merchantName = await this.merchantName(auth, input.merchantId);
    if (input.kind === 'merchant' && !merchantName) throw invalid([ruleError('merchantId', 'required')]);
    const doc = newDocument(`Label ${input.kind}`);
    const request = { kind: input.kind, language: input.language, copies: 1, size: sizeFromMm(input.size), merchantName, weightKg: input.weightKg };
    // Without a CJK font Chinese labels print in English (lib/documents/fonts.ts); the answer says so.
    const printed = input.language === 'cn' && !hasCjkFont() ? 'en' : input.language;
    const copies = Array.from({ length: input.copies }, (_, i) => i);
    const stream = streamPages(doc, copies, () => addLogisticsLabels(doc, request));
    return { fileName: `label-${input.kind}-${input.language}.pdf`, stream, language: printed };
  }

  /** Box (`/labelBox`) or pallet (`/labelPLT`) labels, each with a new SSCC from the counter. */
  async logisticUnits(auth: AuthContext, kind: 'box' | 'pallet', query: UnitQuery): Promise<PdfAnswer> {
    const merchantName = (await this.merchantName(auth, query.merchantId)) ?? '';
    const companyPrefix = this.core.config.SSCC_COMPANY_PREFIX;
    const prefix = ssccCounterPrefix(SSCC_EXTENSION[kind], companyPrefix);
    const capacity = ssccSerialCapacity(companyPrefix);
    const last = await this.core.db.transaction().execute(async (trx) => {
      const serial = await SsccRepo.allocate(trx, prefix, query.count);
      // Past the capacity the transaction rolls back: the counter stays where it was.
      if (serial > capacity) throw invalid([ruleError('count', 'ssccExhausted', { prefix: companyPrefix })]);
      return serial;
    });
    const first = last - query.count + 1;
    const doc = newDocument(`${kind === 'box' ? 'Box' : 'Pallet'} labels ${query.ref}`);
    const date = today();
    const shipTo = query.shipTo
      ? query.shipTo
          .split(/\r?\n|\|/)
          .map((l) => l.trim())
          .filter(Boolean)
      : undefined;
    const indexes = Array.from({ length: query.count }, (_, i) => i);
    const stream = streamPages(doc, indexes, (i) =>
      addLogisticUnitPage(doc, {
        kind,
        sscc: buildSscc(SSCC_EXTENSION[kind], companyPrefix, first + i),
        companyPrefixLength: companyPrefix.length,
        merchantName,
        reference: query.ref,
        index: i + 1,
        count: query.count,
        ...(shipTo ? { shipTo } : {}),
        ...(query.weightKg !== undefined ? { weightKg: query.weightKg } : {}),
        ...(query.content ? { content: query.content } : {}),
        date,
      }),
    );
    return { fileName: `${kind}-labels-${query.ref.replace(/[^\w.-]+/g, '_')}.pdf`, stream };
  }

  /** Item labels (SKU, EAN, name) of items the caller may see; an unknown or foreign id is a field error. */
  async itemLabels(auth: AuthContext, input: ItemLabels): Promise<PdfAnswer> {
    const ids = [...new Set(input.ids)];
    if (ids.length * input.copies > this.maxLabels)
      throw invalid([ruleError('copies', 'tooManyLabels', { count: ids.length * input.copies, max: this.maxLabels })]);
    const items = await labelItems(this.core.db, ids, TenantScope.of(auth));
    const found = new Set(items.map((i) => i.id));
    const missing = ids.filter((id) => !found.has(id));
    if (missing.length) throw invalid([ruleError('ids', 'unknownRecord', { value: missing.slice(0, 20).join(', ') })]);
    const byId = new Map(items.map((i) => [i.id, i]));
    const size = sizeFromMm(input.size);
    const doc = newDocument('Item labels');
    const pages = ids.flatMap((id) => Array.from({ length: input.copies }, () => byId.get(id)!));
    const stream = streamPages(doc, pages, (item) => {
      const codes = Array.isArray(item.barcodes) ? (item.barcodes as unknown[]).filter((c): c is string => typeof c === 'string' && c.trim() !== '') : [];
      addItemLabelPage(doc, { sku: item.sku, name: item.name, ...(codes[0] ? { ean: codes[0] } : {}), merchantCode: item.merchantCode }, size);
    });
    return { fileName: 'item-labels.pdf', stream };
  }

  /** Compartment labels (issue 17 item 9): code large and as Code 128; compartments are the warehouse's, no merchant's. */
  /**
   * The packing slip of an order (issue 17 item 6): an A4 list of what the parcel holds, in the
   * consignee's language (German for DE, AT, CH and LI, Chinese for CN, HK, TW and MO, else English),
   * with the order number as a barcode for the returns desk. A merchant sees only its own orders.
   */
  async packingSlip(auth: AuthContext, orderId: number): Promise<PdfAnswer> {
    const order = await labelOrders.order(this.core.db, orderId, TenantScope.of(auth));
    if (!order || order.deleted) throw new AppError('NotFound');
    const [lines, merchant] = await Promise.all([
      labelOrders.customsLines(this.core.db, order.id),
      merchantDirectory.labelName(this.core.db, order.merchantId),
    ]);
    const c = order.consignee;
    const country = (c.country ?? '').toUpperCase();
    const pdf = await renderPackingSlip({
      orderNo: order.unid,
      reference: order.refOrderId || undefined,
      date: formatBerlin(new Date()).slice(0, 10),
      merchantName: merchant?.name ?? '',
      shipTo: {
        name1: c.name1 ?? '',
        name2: c.name2,
        street: c.streetName ?? '',
        streetNumber: c.streetNumber ?? '',
        zip: c.zip ?? '',
        city: c.city ?? '',
        country,
      },
      lines: lines.map((l) => ({ sku: l.sku, name: l.name, quantity: l.quantity })),
      language: SLIP_LANGUAGE[country] ?? 'en',
    });
    return { fileName: `packing-slip-${order.unid}.pdf`, stream: Readable.from([pdf]) };
  }

  async compartmentLabels(input: z.infer<typeof compartmentLabelSchema>): Promise<PdfAnswer> {
    const ids = [...new Set(input.ids)];
    if (ids.length * input.copies > this.maxLabels)
      throw invalid([ruleError('copies', 'tooManyLabels', { count: ids.length * input.copies, max: this.maxLabels })]);
    const compartments = await compartmentsForLabels(this.core.db, ids);
    const found = new Set(compartments.map((c) => c.id));
    const missing = ids.filter((id) => !found.has(id));
    if (missing.length) throw invalid([ruleError('ids', 'unknownRecord', { value: missing.slice(0, 20).join(', ') })]);
    const size = sizeFromMm(input.size);
    const doc = newDocument('Compartment labels');
    const pages = compartments.flatMap((c) => Array.from({ length: input.copies }, () => c));
    const stream = streamPages(doc, pages, (c) =>
      addCompartmentLabelPage(doc, { code: c.code, detail: [c.warehouseCode, c.zone, c.kind, `P ${c.priority}`].filter(Boolean).join(' · ') }, size),
    );
    return { fileName: 'compartment-labels.pdf', stream };
  }
}

/** The packing slip's language by the consignee's country (everything else reads English). */
const SLIP_LANGUAGE: Record<string, 'de' | 'cn'> = { DE: 'de', AT: 'de', CH: 'de', LI: 'de', CN: 'cn', HK: 'cn', TW: 'cn', MO: 'cn' };
