/**
 * The billing module's front door (issue 16 item 2): it owns `billing_activity`, the handling each
 * module records for the merchant's invoice (issue 6 §7). Every module records, reverses and lists
 * activity through `billing`, inside its own transaction; nothing else touches the table.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import { billingRepo, type ActivityEntry } from './billing.repo.js';

export type { ActivityEntry, ActivitySummaryRow } from './billing.repo.js';

export const billing = {
  /** Records handling as activity of today. */
  record(trx: Kysely<DB>, entries: ActivityEntry[]): Promise<void> {
    return billingRepo.insert(trx, entries);
  },

  /** Takes recorded handling back (a canceled order): the same entries with negative quantities, today. */
  reverse(trx: Kysely<DB>, entries: ActivityEntry[]): Promise<void> {
    return billing.record(
      trx,
      entries.map((e) => ({ ...e, quantity: -e.quantity })),
    );
  },

  /** What one document still has on the books for kinds with these prefixes (reversed by a cancel). */
  outstanding: billingRepo.outstanding,

  /** Activity of a period summed per day, merchant and kind (exports, the billing screens). */
  list: billingRepo.summaryPage,
};
