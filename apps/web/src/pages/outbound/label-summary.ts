import { CURRENCIES, type Currency, type Money } from '@kontor/contracts/money';
import type { ParcelLabel } from './labels-api.js';

/** One order's labels as a carrier list shows them (issue 17 item 10). */
export interface LabelSummary {
  /** none: nothing bought yet; complete: every live label bought; else the worst state among them. */
  state: 'none' | 'complete' | 'pending' | 'uncertain' | 'failed';
  /** Outbound labels first, then return labels, each with the carrier that tracks it. */
  tracking: Array<{ number: string; carrier: string; isReturn: boolean }>;
  /** The bought labels' ids, for a reprint. */
  boughtIds: number[];
  /** The sum of the known label costs per currency (a carrier may answer none: then the price list's). */
  cost: Money[];
}

const WORST_FIRST: Array<LabelSummary['state']> = ['failed', 'uncertain', 'pending'];

/** Summaries by order id of the live labels of a list page (voided labels are not shown). */
export function summarizeLabels(labels: readonly ParcelLabel[]): Map<number, LabelSummary> {
  const byOrder = new Map<number, ParcelLabel[]>();
  for (const label of labels) if (label.state !== 'voided') byOrder.set(label.orderId, [...(byOrder.get(label.orderId) ?? []), label]);
  const out = new Map<number, LabelSummary>();
  for (const [orderId, rows] of byOrder) {
    const sorted = [...rows].sort((a, b) => Number(a.isReturn) - Number(b.isReturn) || a.parcelIndex - b.parcelIndex);
    const bought = sorted.filter((l) => l.state === 'bought');
    const worst = WORST_FIRST.find((s) => sorted.some((l) => l.state === s));
    const costs = new Map<Currency, number>();
    for (const l of bought) {
      if (l.costMinor === null || !CURRENCIES.includes(l.currency as Currency)) continue;
      costs.set(l.currency as Currency, (costs.get(l.currency as Currency) ?? 0) + l.costMinor);
    }
    out.set(orderId, {
      state: worst ?? (bought.length ? 'complete' : 'none'),
      tracking: bought.filter((l) => l.trackingNumber).map((l) => ({ number: l.trackingNumber, carrier: l.carrier, isReturn: l.isReturn })),
      boughtIds: bought.map((l) => l.id),
      cost: [...costs].map(([currency, amount]) => ({ amount, currency })),
    });
  }
  return out;
}

/** The carriers' public tracking pages; the sandbox and unknown carriers have none. */
const TRACKING_PAGES: Record<string, (n: string) => string> = {
  dhl: (n) => `https://www.dhl.de/de/privatkunden/pakete-empfangen/verfolgen.html?piececode=${n}`,
  dpd: (n) => `https://tracking.dpd.de/status/de_DE/parcel/${n}`,
  ups: (n) => `https://www.ups.com/track?tracknum=${n}`,
};

/** The address a tracking number opens, or null when its carrier has no public page. */
export function trackingUrl(carrier: string, number: string): string | null {
  const page = TRACKING_PAGES[carrier.toLowerCase()];
  return page ? page(encodeURIComponent(number)) : null;
}
