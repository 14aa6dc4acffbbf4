import { OUTBOUND_ORDER } from '@kontor/contracts';
import type { ShipScanAnswer } from '@kontor/contracts/domains/shipping-responses';

/** The fields of a scanned order the screen's rules read (facts §3.1, "Client logic"). */
export type ShipOrder = Pick<
  ShipScanAnswer,
  | 'status'
  | 'shipQty'
  | 'shipBundleSent'
  | 'alreadyScanned'
  | 'skuQCRequiredQty'
  | 'skuQCScannedQty'
  | 'skuQCRemainingQty'
  | 'snRequiredQty'
  | 'snScannedQty'
  | 'snRemainingQty'
>;

/** A text of the screen: its key under `shippingScan.` and its values. */
export interface Text {
  key: string;
  values?: Record<string, string | number>;
}

/** What the screen does after an answer: its banner (tone, title, subtitle) and the prompt it opens. */
export interface ShipOutcome {
  tone: 'success' | 'warning' | 'error';
  title: Text;
  /** Shown after the title; none for ready to ship (96), as the original. */
  subtitle: Text | null;
  /** Shown before the title ("Already Scanned – …", "Attention"). */
  prefix: Text | null;
  prompt: 'qc' | 'sn' | null;
}

const CANCELED = OUTBOUND_ORDER.codes('cancelRequested', 'canceled');

export const sentCount = (o: Pick<ShipOrder, 'shipBundleSent'>) => o.shipBundleSent.length;
/** Shipping is complete when the sent count reaches max(shipQty, 1). */
export const shippingComplete = (o: Pick<ShipOrder, 'shipBundleSent' | 'shipQty'>) => sentCount(o) >= Math.max(o.shipQty, 1);
/** SKU QC is needed once shipping is complete and pieces remain. */
export const qcNeeded = (o: ShipOrder) =>
  shippingComplete(o) && (o.skuQCRemainingQty > 0 || (o.skuQCRequiredQty > 0 && o.skuQCScannedQty < o.skuQCRequiredQty));
/** Serials are needed while some remain (the original does not wait for the last parcel here). */
export const snNeeded = (o: ShipOrder) => o.snRemainingQty > 0 || (o.snRequiredQty > 0 && o.snScannedQty < o.snRequiredQty);

/** The result title by status: "a/b …" with a = parcels sent, b = shipQty. */
export function resultTitle(o: ShipOrder): Text {
  const values = { sent: sentCount(o), total: o.shipQty };
  switch (OUTBOUND_ORDER.stateOf(o.status)) {
    case 'snRequired':
      return { key: 'titleSn' };
    case 'partialQc':
      return { key: 'titlePartialQc', values };
    case 'readyToShip':
      return { key: 'titleReady', values };
    case 'partiallyShipped':
      return { key: 'titleShippedPartially', values };
    case 'shipped':
      return { key: 'titleShipped', values };
    default:
      return { key: 'titleScanned', values };
  }
}

/** The subtitle by status; none once the order is ready to ship. */
const SUBTITLES: Partial<Record<string, string | null>> = {
  snRequired: 'subSn',
  partialQc: 'subPartialQc',
  readyToShip: null,
  partiallyShipped: 'subShippedPartially',
  shipped: 'subShipped',
};

export function resultSubtitle(status: number): Text | null {
  const key = SUBTITLES[OUTBOUND_ORDER.stateOf(status) ?? ''];
  if (key === null) return null;
  return { key: key ?? 'subScanned' };
}

/**
 * The screen's answer to one scan (facts §3.1): the "Attention" rule for canceled orders, a repeat
 * ("Already Scanned", except that a repeat in partial QC reopens the open check), else the SKU QC
 * prompt first, then the serial prompt, else success with the title of the order's status.
 */
export function shipOutcome(o: ShipOrder): ShipOutcome {
  if (CANCELED.includes(o.status)) return { tone: 'error', prefix: { key: 'attention' }, title: { key: 'attentionText' }, subtitle: null, prompt: null };
  const title = resultTitle(o);
  const prompt = qcNeeded(o) ? 'qc' : snNeeded(o) ? 'sn' : null;
  if (o.alreadyScanned && !(OUTBOUND_ORDER.stateOf(o.status) === 'partialQc' && prompt)) {
    const repeatTitle = OUTBOUND_ORDER.stateOf(o.status) === 'readyToShip' ? { key: 'count', values: title.values ?? {} } : title;
    return { tone: 'warning', prefix: { key: 'alreadyScanned' }, title: repeatTitle, subtitle: { key: 'alreadyText' }, prompt: null };
  }
  // Opening a prompt plays the long attention tone.
  return { tone: prompt ? 'warning' : 'success', prefix: null, title, subtitle: resultSubtitle(o.status), prompt };
}
