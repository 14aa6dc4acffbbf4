import type { Locale } from '@kontor/contracts';
import type { HandoverActivity, HandoverActivityRow } from '@kontor/contracts/domains/manifests-responses';
import type { Core } from '../../core.js';
import { TenantScope } from '../../db/tenant-scope.js';
import type { AuthContext } from '../../http/access.js';
import { toCsv } from '../../lib/csv.js';
import { documentTexts } from '../../lib/documents/texts.js';
import { billing, type ActivitySummaryRow } from '../billing/index.js';
import { manifestsRepo } from './manifests.repo.js';
import { staffOnly } from './manifests.service.js';

/** What the handover records per merchant (flows/pallet-handover.flow.ts, docs/manifests.md "Billing of the handover"). */
const PALLET = 'handover.pallet';
const PARCEL = 'handover.parcel';
/** Rows read from the billing list per call: a day has a few per merchant. */
const PAGE = 1000;

/**
 * The handover activity of a day (issue 19 item 8, docs/manifests.md "Handover activity"): per merchant,
 * the pallets and parcels handed over, as the billing module recorded them for the invoice. Staff only,
 * like the manifests; an admin narrowed to a sub-account sees that merchant's row.
 */
export class HandoverActivityService {
  constructor(private readonly core: Pick<Core, 'db'>) {}

  async day(auth: AuthContext, day: string | undefined, now = new Date()): Promise<HandoverActivity> {
    staffOnly(auth);
    const theDay = day ?? (await manifestsRepo.localNow(this.core.db, now)).day;
    const byMerchant = new Map<number, HandoverActivityRow>();
    for (const r of await this.activity(auth, theDay)) {
      if (r.kind !== PALLET && r.kind !== PARCEL) continue;
      const merchantId = Number(r.merchantId);
      const row = byMerchant.get(merchantId) ?? { merchantId, merchant: r.merchant, pallets: 0, parcels: 0 };
      if (r.kind === PALLET) row.pallets += Number(r.quantity);
      else row.parcels += Number(r.quantity);
      byMerchant.set(merchantId, row);
    }
    const rows = [...byMerchant.values()].sort((a, b) => a.merchant.localeCompare(b.merchant) || a.merchantId - b.merchantId);
    const sum = (key: 'pallets' | 'parcels') => rows.reduce((n, r) => n + r[key], 0);
    return { day: theDay, rows, pallets: sum('pallets'), parcels: sum('parcels') };
  }

  /** The same rows as CSV (one line per merchant), headed in the user's language. */
  async csv(auth: AuthContext, day: string | undefined, locale: Locale): Promise<{ name: string; data: Buffer }> {
    const activity = await this.day(auth, day);
    const texts = documentTexts('handoverActivity')[locale];
    const data = toCsv(
      [texts.day, texts.merchant, texts.pallets, texts.parcels],
      activity.rows.map((r) => [activity.day, r.merchant, r.pallets, r.parcels]),
    );
    return { name: `handover-activity-${activity.day}.csv`, data };
  }

  /** Every billing row of the day's pallets (the billing module's keyset pages, read to the end). */
  private async activity(auth: AuthContext, day: string): Promise<ActivitySummaryRow[]> {
    const scope = TenantScope.of(auth);
    const all: ActivitySummaryRow[] = [];
    let after: [string, number, string] = ['', 0, ''];
    for (;;) {
      const page = await billing.list(this.core.db, { refTypes: ['pallet'], from: day, to: day, scope, after, limit: PAGE });
      all.push(...page);
      if (page.length < PAGE) return all;
      const last = page[page.length - 1]!;
      after = [last.day, Number(last.merchantId), last.kind];
    }
  }
}
