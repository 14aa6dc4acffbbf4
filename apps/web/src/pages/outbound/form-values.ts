import type { Address, OutboundOrderCreate, Priority } from '@kontor/contracts/domains/outbound';
import { PRIORITY_CODES } from '@kontor/contracts/domains/outbound';
import dayjs, { type Dayjs } from 'dayjs';
import type { StoredFile } from '../../api/files.js';
import { lineComplete, newLine, type LineDraft } from '../../components/LinesEditor.js';
import { ADDRESS_FIELDS, type AddressValues } from './AddressFields.js';
import type { Dimensions, OutboundDetail } from './outbound-api.js';

type DimValues = Partial<Record<keyof Dimensions, number | null>>;

/** The form's values: dates as dayjs, addresses and dimensions as loose objects, lines as drafts. */
export interface FormValues {
  merchantId?: number;
  warehouseId?: number | null;
  typeOfTask?: string;
  modeOfTransport?: string;
  priority?: Priority;
  pickupDate?: Dayjs | null;
  pickupFrom?: string;
  refOrderId?: string;
  unitQty?: number | null;
  weight?: number | null;
  rsd?: Dayjs | null;
  rad?: Dayjs | null;
  consignee?: AddressValues;
  consignor?: AddressValues;
  sender?: AddressValues;
  deliveryServices?: string[];
  dangerGoods?: boolean;
  autoRetourLabel?: boolean;
  forceShipLabel?: boolean;
  labelSwap?: boolean;
  carrier?: string | null;
  carrierService?: string;
  shipNo?: string;
  retourNo?: string;
  batchNo?: string;
  boxQty?: number | null;
  pltQty?: number | null;
  dimensions?: DimValues;
  parcels?: Array<{ trackingNo?: string; weight?: number | null; dimensions?: DimValues }>;
  remark?: string;
  privateRemark?: string;
  importantNote?: string;
  relatedFiles?: StoredFile[];
  lines?: LineDraft[];
}

export const EMPTY_VALUES: FormValues = {
  priority: 'normal',
  consignee: { country: 'DE' },
  deliveryServices: [],
  boxQty: 0,
  pltQty: 0,
  parcels: [],
  relatedFiles: [],
  lines: [newLine()],
};

const PRIORITY_OF: Record<number, Priority> = Object.fromEntries(Object.entries(PRIORITY_CODES).map(([name, code]) => [code, name as Priority]));
const day = (v: string | null | undefined) => (v ? dayjs(v.slice(0, 10)) : null);
const dayText = (v: Dayjs | null | undefined) => (v ? v.format('YYYY-MM-DD') : null);

/** The form's values of a stored order. */
export function toFormValues(detail: OutboundDetail): FormValues {
  const o = detail.order;
  return {
    warehouseId: o.warehouseId,
    typeOfTask: o.typeOfTask,
    modeOfTransport: o.modeOfTransport,
    priority: PRIORITY_OF[o.priority] ?? 'normal',
    pickupDate: day(o.pickupDate),
    pickupFrom: o.pickupFrom,
    refOrderId: o.refOrderId,
    unitQty: o.unitQty,
    weight: o.weight,
    rsd: day(o.rsd),
    rad: day(o.rad),
    consignee: { ...o.consignee },
    consignor: o.consignor ? { ...o.consignor } : {},
    sender: o.sender ? { ...o.sender } : {},
    deliveryServices: o.deliveryServices,
    dangerGoods: o.dangerGoods,
    autoRetourLabel: o.autoRetourLabel,
    forceShipLabel: o.forceShipLabel,
    labelSwap: o.labelSwap,
    carrier: o.carrier || undefined,
    carrierService: o.carrierService,
    shipNo: o.shipNo,
    retourNo: o.retourNo,
    batchNo: o.batchNo,
    boxQty: o.boxQty,
    pltQty: o.pltQty,
    dimensions: o.dimensions ?? {},
    parcels: o.parcels.map((p) => ({ trackingNo: p.trackingNo, weight: p.weight, dimensions: p.dimensions ?? {} })),
    remark: o.remark,
    privateRemark: o.privateRemark ?? '',
    importantNote: o.importantNote,
    relatedFiles: o.relatedFiles,
    lines: detail.lines.map((l) => ({ key: `line-${l.id}`, itemId: l.itemId, sku: l.sku, name: l.name, batch: l.batch, planned: l.quantity, counted: 0 })),
  };
}

const trim = (v: string | undefined) => v?.trim() ?? '';

/** An address with nothing filled in is no address (consignor, sender: null). */
function toAddress(v: AddressValues | undefined): Address | null {
  if (!v || ADDRESS_FIELDS.every((k) => !trim(v[k]))) return null;
  return Object.fromEntries(ADDRESS_FIELDS.map((k) => [k, k === 'country' ? trim(v[k]).toUpperCase() : trim(v[k])])) as Address;
}

/** Dimensions count only when all three are given. */
function toDimensions(v: DimValues | undefined): Dimensions | null {
  return v?.length && v.width && v.height ? { length: v.length, width: v.width, height: v.height } : null;
}

/** The body of a create (and, without merchant and lines, of an edit). */
export function toBody(v: FormValues, staff: boolean): Omit<OutboundOrderCreate, 'merchantId'> {
  return {
    warehouseId: v.warehouseId ?? null,
    typeOfTask: v.typeOfTask as OutboundOrderCreate['typeOfTask'],
    modeOfTransport: v.modeOfTransport as OutboundOrderCreate['modeOfTransport'],
    priority: v.priority ?? 'normal',
    pickupDate: dayText(v.pickupDate) ?? '',
    pickupFrom: trim(v.pickupFrom),
    refOrderId: trim(v.refOrderId),
    unitQty: v.unitQty ?? 0,
    weight: v.weight ?? 0,
    rsd: dayText(v.rsd),
    rad: dayText(v.rad),
    // The consignee always goes along, even empty: the server names what is missing.
    consignee: toAddress(v.consignee) ?? ({ country: trim(v.consignee?.country) } as Address),
    consignor: toAddress(v.consignor),
    sender: toAddress(v.sender),
    deliveryServices: (v.deliveryServices ?? []) as OutboundOrderCreate['deliveryServices'],
    dangerGoods: !!v.dangerGoods,
    autoRetourLabel: !!v.autoRetourLabel,
    forceShipLabel: !!v.forceShipLabel,
    labelSwap: !!v.labelSwap,
    carrier: (v.carrier ?? '') as OutboundOrderCreate['carrier'],
    carrierService: trim(v.carrierService),
    shipNo: trim(v.shipNo),
    retourNo: trim(v.retourNo),
    batchNo: trim(v.batchNo),
    boxQty: v.boxQty ?? 0,
    pltQty: v.pltQty ?? 0,
    dimensions: toDimensions(v.dimensions),
    parcels: (v.parcels ?? [])
      .filter((p) => trim(p.trackingNo))
      .map((p) => ({ trackingNo: trim(p.trackingNo), weight: p.weight ?? null, dimensions: toDimensions(p.dimensions) })),
    remark: trim(v.remark),
    importantNote: trim(v.importantNote),
    relatedFiles: v.relatedFiles ?? [],
    // Only staff see and write the private remark; a merchant's edit leaves it as it is.
    ...(staff ? { privateRemark: trim(v.privateRemark) } : {}),
    lines: (v.lines ?? []).filter(lineComplete).map((l) => ({ itemId: l.itemId!, quantity: l.planned!, batch: l.batch.trim() })),
  };
}

/**
 * Where a field error of the server (`consignee.zip`, `lines.0.sku`, `parcels.1.trackingNo`) is shown:
 * the form path of that input, or `lines` for the lines editor, or null when no input matches.
 */
export function fieldPath(field: string, known: readonly string[]): Array<string | number> | 'lines' | null {
  const parts = field.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p));
  if (parts[0] === 'lines') return 'lines';
  if (typeof parts[0] !== 'string' || !known.includes(parts[0])) return null;
  return parts;
}

/** What the lines add up to: units, and weight in kg when every line's item has a weight (issue 15 item 14). */
export interface LineTotals {
  units: number;
  weight: number | null;
}

/** Sums the complete lines; `weights` gives an item's kg per unit where the line itself does not. */
export function linesTotals(lines: readonly LineDraft[] | undefined, weights: Readonly<Record<number, number | null>> = {}): LineTotals {
  const complete = (lines ?? []).filter(lineComplete);
  const units = complete.reduce((sum, l) => sum + l.planned!, 0);
  let grams = 0;
  for (const line of complete) {
    const perUnit = line.weight ?? weights[line.itemId!] ?? null;
    if (perUnit === null || !(perUnit > 0)) return { units, weight: null };
    grams += Math.round(perUnit * 1000) * line.planned!;
  }
  return { units, weight: complete.length ? grams / 1000 : null };
}

/** A typed value disagrees with the lines' total (weights to the gram). */
export function disagrees(typed: number | null | undefined, derived: number | null, grams = false): boolean {
  if (typed === null || typed === undefined || derived === null || derived === 0) return false;
  return grams ? Math.round(typed * 1000) !== Math.round(derived * 1000) : typed !== derived;
}
