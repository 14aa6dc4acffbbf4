import { sql, type InsertObject, type Kysely } from 'kysely';
import type { DB } from './types.js';

/** A parcel of an outbound order, as every per-parcel table keys it (labels, the pack log). */
export interface OrderParcel {
  orderId: number;
  merchantId: number;
  parcelIndex: number;
}

/** The columns that say whose parcel a row is: its order, the order's merchant and the parcel's index. */
export function orderParcelColumns(p: OrderParcel) {
  return { order_id: p.orderId, merchant_id: p.merchantId, parcel_index: p.parcelIndex };
}

/** What a carrier sold for one parcel, as the label tables keep it. */
export interface BoughtLabelColumns {
  trackingNumber: string;
  carrierRef: string;
  fileId: string;
  costMinor: number | null;
  currency: string | null;
}

/**
 * The columns a label row takes when its carrier sold it, the same in an order's `parcel_labels` and the
 * carrier gate's `gate_labels`: the number, the carrier's reference, the file, the cost, the last error
 * cleared and the time. Each repository adds what only its table has (format, attempts).
 */
export function boughtLabelSet(b: BoughtLabelColumns) {
  return {
    state: 'bought',
    tracking_number: b.trackingNumber,
    carrier_ref: b.carrierRef,
    label_file_id: b.fileId,
    cost_minor: b.costMinor,
    currency: b.currency,
    error_kind: null,
    error_text: '',
    bought_at: sql<Date>`now()`,
    updated_at: sql<Date>`now()`,
  } as const;
}

/** One row per item in one statement, and no statement for no items (an empty `values` list is an SQL error). */
export async function insertRows<T extends keyof DB & string, I>(
  db: Kysely<DB>,
  table: T,
  items: readonly I[],
  row: (item: I) => InsertObject<DB, T>,
): Promise<void> {
  if (items.length === 0) return;
  await db.insertInto(table).values(items.map(row)).execute();
}
