import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import { TenantScope, tenantSql } from '../../db/tenant-scope.js';

export interface ExportLine {
  orderId: number;
  sku: string;
  name: string;
  batch: string;
  quantity: number;
  reserved: number;
}

/** The SQL of order imports and exports (the order itself is written by OutboundOrderService). */
export class OutboundIoRepo {
  /** Live (not deleted) orders of the merchant carrying one of these references: reference → order number. */
  async existingReferences(db: Kysely<DB>, merchantId: number, refs: string[]): Promise<Map<string, string>> {
    if (refs.length === 0) return new Map();
    const rows = await sql<{ ref: string; unid: string }>`select ref_order_id as ref, min(unid) as unid from outbound_orders
      where ${tenantSql(TenantScope.merchant(merchantId))} and ref_order_id = any(${refs}::text[]) and deleted_at is null group by ref_order_id`.execute(db);
    return new Map(rows.rows.map((r) => [r.ref, r.unid]));
  }

  /**
   * Serialises imports of one reference of one merchant until the transaction ends, then answers the
   * live order already carrying it (two imports of the same file at once create the order once).
   */
  async lockReference(trx: Kysely<DB>, merchantId: number, ref: string): Promise<string | null> {
    await sql`select pg_advisory_xact_lock(hashtext(${`outbound-ref:${merchantId}:${ref}`}))`.execute(trx);
    return (await this.existingReferences(trx, merchantId, [ref])).get(ref) ?? null;
  }

  /** The lines of many orders with their items, in order and position. */
  async linesOf(db: Kysely<DB>, orderIds: number[]): Promise<ExportLine[]> {
    if (orderIds.length === 0) return [];
    const rows = await sql<ExportLine>`select l.order_id as "orderId", i.sku, i.name, l.batch, l.quantity, l.reserved
      from outbound_lines l join items i on i.id = l.item_id
      where l.order_id = any(${orderIds}::bigint[]) order by l.order_id, l.position, l.id`.execute(db);
    return rows.rows.map((r) => ({ ...r, orderId: Number(r.orderId) }));
  }
}
