import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import { assertStockChangeRetrySafe } from '../../http/idempotency.js';
import type { TenantScope } from '../../db/tenant-scope.js';

export interface ReserveRequest {
  itemId: number;
  quantity: number;
  partial: boolean;
  ref: { type: string; id: string };
  warehouseId?: number;
  batch?: string;
  merchantScope: TenantScope;
  userId: number | null;
}

export interface ReserveOutcome {
  /** Units the candidate rows could give (capped at the request). */
  available: number;
  lines: Array<{ reservationId: number; stockId: number; compartmentId: number; batch: string; quantity: number }>;
}

/**
 * One reservation in one round trip: the database function `kontor_reserve` (migration 0007) locks,
 * reads and writes exactly like the service's own transactions would, with the ledger rows and the
 * reservations in the same call.
 */
export async function reserveOnServer(db: Kysely<DB>, r: ReserveRequest, lockRows: boolean): Promise<ReserveOutcome> {
  assertStockChangeRetrySafe();
  const result = await sql<{ reservation_id: number | null; stock_id: number; compartment_id: number; batch: string; quantity: number; available: number }>`
    select * from kontor_reserve(${r.itemId}::bigint, ${r.quantity}::int, ${r.partial}::boolean, ${r.ref.type}::text, ${r.ref.id}::text,
      ${r.warehouseId ?? null}::bigint, ${r.batch ?? null}::text, ${r.merchantScope.merchantId}::bigint, ${r.userId}::bigint, ${lockRows}::boolean)`.execute(
    db,
  );
  const lines = result.rows
    .filter((row) => row.reservation_id !== null)
    .map((row) => ({
      reservationId: Number(row.reservation_id),
      stockId: Number(row.stock_id),
      compartmentId: Number(row.compartment_id),
      batch: row.batch,
      quantity: Number(row.quantity),
    }));
  return { available: Number(result.rows[0]?.available ?? 0), lines };
}
