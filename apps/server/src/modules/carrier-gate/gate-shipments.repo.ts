import { sql, type Kysely, type Selectable } from 'kysely';
import { boughtLabelSet, type BoughtLabelColumns } from '../../db/parcel-rows.js';
import type { DB, GateLabelsTable, GateShipmentsTable } from '../../db/types.js';

export type GateShipmentRow = Selectable<GateShipmentsTable> & { company: string };
export type GateLabelRow = Selectable<GateLabelsTable>;

export interface NewGateShipment {
  gateUserId: number;
  idempotencyKey: string;
  requestHash: string;
  accountId: number;
  carrier: string;
  product: string;
  reference: string;
  format: string;
  sender: unknown;
  receiver: unknown;
  parcels: unknown;
}

/** The SQL of gate shipments and their parcel labels. */
export const gateShipmentsRepo = {
  shipments(db: Kysely<DB>, filter: { id?: number; gateUserId?: number | undefined; key?: string; limit?: number }): Promise<GateShipmentRow[]> {
    let query = db.selectFrom('gate_shipments as s').innerJoin('gate_users as u', 'u.id', 's.gate_user_id').selectAll('s').select('u.company');
    if (filter.id !== undefined) query = query.where('s.id', '=', filter.id);
    if (filter.gateUserId !== undefined) query = query.where('s.gate_user_id', '=', filter.gateUserId);
    if (filter.key !== undefined) query = query.where('s.idempotency_key', '=', filter.key);
    return query
      .orderBy('s.id', 'desc')
      .limit(filter.limit ?? 1000)
      .execute();
  },

  /** Inserts the shipment unless the user already used the key; answers the new id or null. */
  async insert(db: Kysely<DB>, s: NewGateShipment): Promise<number | null> {
    const row = await db
      .insertInto('gate_shipments')
      .values({
        gate_user_id: s.gateUserId,
        idempotency_key: s.idempotencyKey,
        request_hash: s.requestHash,
        account_id: s.accountId,
        carrier: s.carrier,
        product: s.product,
        reference: s.reference,
        format: s.format,
        sender: JSON.stringify(s.sender),
        receiver: JSON.stringify(s.receiver),
        parcels: JSON.stringify(s.parcels),
      })
      .onConflict((oc) => oc.columns(['gate_user_id', 'idempotency_key']).doNothing())
      .returning('id')
      .executeTakeFirst();
    return row ? Number(row.id) : null;
  },

  async insertLabels(db: Kysely<DB>, rows: Array<{ shipmentId: number; gateUserId: number; index: number; key: string; weightKg: number }>): Promise<void> {
    if (rows.length === 0) return;
    await db
      .insertInto('gate_labels')
      .values(
        rows.map((r) => ({
          shipment_id: r.shipmentId,
          gate_user_id: r.gateUserId,
          parcel_index: r.index,
          idempotency_key: r.key,
          weight_kg: String(r.weightKg),
        })),
      )
      .execute();
  },

  labels(db: Kysely<DB>, shipmentIds: number[]): Promise<GateLabelRow[]> {
    if (shipmentIds.length === 0) return Promise.resolve([]);
    return db.selectFrom('gate_labels').selectAll().where('shipment_id', 'in', shipmentIds).orderBy('shipment_id').orderBy('parcel_index').execute();
  },

  /**
   * Claims rows for a purchase: only the caller whose update moved a row gets it, so two retries of the
   * same request never buy one parcel twice. Answers the claimed rows.
   */
  claim(db: Kysely<DB>, ids: number[], from: 'failed' | 'uncertain'): Promise<GateLabelRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return db
      .updateTable('gate_labels')
      .set({ state: 'pending', error_kind: null, error_text: '', updated_at: sql`now()` })
      .where('id', 'in', ids)
      .where('state', '=', from)
      .returningAll()
      .execute();
  },

  /** Pending rows older than `ms` (a purchase that died mid-call) count as uncertain: looked up before anything else. */
  async staleToUncertain(db: Kysely<DB>, shipmentId: number, ms: number): Promise<void> {
    await db
      .updateTable('gate_labels')
      .set({ state: 'uncertain', updated_at: sql`now()` })
      .where('shipment_id', '=', shipmentId)
      .where('state', '=', 'pending')
      .where('updated_at', '<', new Date(Date.now() - ms))
      .execute();
  },

  async markBought(db: Kysely<DB>, id: number, b: BoughtLabelColumns): Promise<boolean> {
    const result = await db
      .updateTable('gate_labels')
      .set(boughtLabelSet(b))
      .where('id', '=', id)
      .where('state', 'in', ['pending', 'uncertain'])
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  },

  async markFailed(db: Kysely<DB>, ids: number[], state: 'failed' | 'uncertain', kind: string, text: string): Promise<void> {
    if (ids.length === 0) return;
    await db
      .updateTable('gate_labels')
      .set({ state, error_kind: kind, error_text: text.slice(0, 1000), updated_at: sql`now()` })
      .where('id', 'in', ids)
      .where('state', '=', 'pending')
      .execute();
  },

  async markVoided(db: Kysely<DB>, id: number): Promise<boolean> {
    const result = await db
      .updateTable('gate_labels')
      .set({ state: 'voided', voided_at: sql`now()`, updated_at: sql`now()` })
      .where('id', '=', id)
      .where('state', '<>', 'voided')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  },

  /** The bought labels of a shipment whose tracking number no carrier took for pushed events yet (with the shipment's account). */
  unsubscribed(db: Kysely<DB>, shipmentId: number): Promise<Array<{ id: number; accountId: number; trackingNumber: string }>> {
    return db
      .selectFrom('gate_labels as l')
      .innerJoin('gate_shipments as s', 's.id', 'l.shipment_id')
      .select(['l.id', 's.account_id as accountId', 'l.tracking_number as trackingNumber'])
      .where('l.shipment_id', '=', shipmentId)
      .where('l.state', '=', 'bought')
      .where('l.tracking_subscribed_at', 'is', null)
      .orderBy('l.id')
      .execute() as Promise<Array<{ id: number; accountId: number; trackingNumber: string }>>;
  },

  async markSubscribed(db: Kysely<DB>, ids: number[]): Promise<void> {
    if (ids.length === 0) return;
    await db
      .updateTable('gate_labels')
      .set({ tracking_subscribed_at: sql`now()` })
      .where('id', 'in', ids)
      .execute();
  },
};
