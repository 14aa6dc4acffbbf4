import type { ShippingLogResult } from '@kontor/contracts/domains/shipping';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import type { AuthContext } from '../../http/access.js';
import { shippingScanRepo } from './shipping-scan.repo.js';

/** One loading scan's outcome for the shipping log (docs/loading.md "Shipping log"). */
export interface LoadingLogEntry {
  code: string;
  result: Extract<ShippingLogResult, 'matched' | 'pending' | 'notFound' | 'error' | 'conflict' | 'already'>;
  palletCode: string;
  order?: { id: number; unid: string; merchantId: number; status: number | null } | null;
  errorCode?: string;
}

/**
 * The shipping log's writer for the loading scan (issue 19 item 3): the pallets module records each
 * flushed tracking number and each handover scan here, with the user and station of the session, in
 * the caller's transaction (a refused call's rows are written after its rollback, by the caller).
 */
export const shippingLog = {
  async loading(db: Kysely<DB>, auth: AuthContext, entries: LoadingLogEntry[]): Promise<void> {
    if (entries.length === 0) return;
    await shippingScanRepo.log(
      db,
      ...entries.map((e) => ({
        kind: 'loading' as const,
        merchantId: e.order?.merchantId ?? null,
        orderId: e.order?.id ?? null,
        orderUnid: e.order?.unid ?? '',
        code: e.code,
        result: e.result,
        errorCode: e.errorCode ?? '',
        statusAfter: e.order?.status ?? null,
        userId: auth.userId,
        // Read by the insert itself from the session (no statement of its own).
        station: { sessionId: auth.sessionId },
        palletCode: e.palletCode,
      })),
    );
  },
};
