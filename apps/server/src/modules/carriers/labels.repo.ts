import { sql, type Kysely, type Selectable } from 'kysely';
import { boughtLabelSet, insertRows, orderParcelColumns, type BoughtLabelColumns } from '../../db/parcel-rows.js';
import type { DB, ParcelLabelsTable } from '../../db/types.js';
import { type TenantScope, whereTenant } from '../../db/tenant-scope.js';

export type LabelRow = Selectable<ParcelLabelsTable>;

export interface NewLabel {
  orderId: number;
  merchantId: number;
  parcelIndex: number;
  isReturn: boolean;
  key: string;
  accountId: number;
  carrier: string;
  product: string;
  weightKg: number;
  format: string;
}

/** The SQL of parcel labels and the label queue. */
export const labelsRepo = {
  /** The live (not voided) labels of an order, by parcel and direction. */
  live(db: Kysely<DB>, orderId: number): Promise<LabelRow[]> {
    return db
      .selectFrom('parcel_labels')
      .selectAll()
      .where('order_id', '=', orderId)
      .where('state', '<>', 'voided')
      .orderBy('is_return')
      .orderBy('parcel_index')
      .execute();
  },

  /** The live labels of several orders within the scope (a merchant sees only its own), by order and parcel. */
  liveOfOrders(db: Kysely<DB>, orderIds: number[], scope: TenantScope): Promise<LabelRow[]> {
    if (orderIds.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('parcel_labels')
      .selectAll()
      .where('order_id', 'in', orderIds)
      .where('state', '<>', 'voided')
      .$call(whereTenant(scope))
      .orderBy('order_id')
      .orderBy('is_return')
      .orderBy('parcel_index')
      .execute();
  },

  /** The bought outgoing labels of an order whose tracking number no carrier took for pushed events yet. */
  unsubscribed(db: Kysely<DB>, orderId: number): Promise<Array<{ id: number; accountId: number; carrier: string; trackingNumber: string }>> {
    return db
      .selectFrom('parcel_labels')
      .select(['id', 'account_id as accountId', 'carrier', 'tracking_number as trackingNumber'])
      .where('order_id', '=', orderId)
      .where('state', '=', 'bought')
      .where('is_return', '=', false)
      .where('tracking_subscribed_at', 'is', null)
      .orderBy('id')
      .execute() as Promise<Array<{ id: number; accountId: number; carrier: string; trackingNumber: string }>>;
  },

  async markSubscribed(db: Kysely<DB>, ids: number[]): Promise<void> {
    if (ids.length === 0) return;
    await db.updateTable('parcel_labels').set({ tracking_subscribed_at: new Date() }).where('id', 'in', ids).execute();
  },

  all(db: Kysely<DB>, orderId: number): Promise<LabelRow[]> {
    return db.selectFrom('parcel_labels').selectAll().where('order_id', '=', orderId).orderBy('id').execute();
  },

  get(db: Kysely<DB>, id: number, scope: TenantScope, lock = false): Promise<LabelRow | undefined> {
    let query = db.selectFrom('parcel_labels').selectAll().where('id', '=', id).$call(whereTenant(scope));
    if (lock) query = query.forUpdate();
    return query.executeTakeFirst();
  },

  /** Labels among `ids` within the scope that hold a file, in the order asked. */
  async printable(db: Kysely<DB>, ids: number[], scope: TenantScope): Promise<Array<{ id: number; fileId: string }>> {
    if (ids.length === 0) return [];
    const rows = await db
      .selectFrom('parcel_labels')
      .select(['id', 'label_file_id'])
      .where('id', 'in', ids)
      .where('state', '=', 'bought')
      .where('label_file_id', 'is not', null)
      .$call(whereTenant(scope))
      .execute();
    const byId = new Map(rows.map((r) => [Number(r.id), r.label_file_id!]));
    return ids.filter((id) => byId.has(id)).map((id) => ({ id, fileId: byId.get(id)! }));
  },

  /** How many labels of the order were ever written (voided included): the next key's generation. */
  async generation(trx: Kysely<DB>, orderId: number): Promise<number> {
    const row = await trx
      .selectFrom('parcel_labels')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('order_id', '=', orderId)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  },

  insert(trx: Kysely<DB>, labels: NewLabel[]): Promise<void> {
    return insertRows(trx, 'parcel_labels', labels, (l) => ({
      ...orderParcelColumns(l),
      is_return: l.isReturn,
      idempotency_key: l.key,
      account_id: l.accountId,
      carrier: l.carrier,
      product: l.product,
      weight_kg: String(l.weightKg),
      format: l.format,
    }));
  },

  /** A failed label is asked for again under the same key: the carrier sold nothing under it. */
  async reopen(trx: Kysely<DB>, ids: number[]): Promise<void> {
    if (ids.length === 0) return;
    await trx
      .updateTable('parcel_labels')
      .set({ state: 'pending', error_kind: null, error_text: '', updated_at: sql`now()` })
      .where('id', 'in', ids)
      .where('state', '=', 'failed')
      .execute();
  },

  /** Labels a lookup found the carrier never sold: bought now under the same key. */
  async reopenUncertain(trx: Kysely<DB>, ids: number[]): Promise<void> {
    if (ids.length === 0) return;
    await trx
      .updateTable('parcel_labels')
      .set({ state: 'pending', updated_at: sql`now()` })
      .where('id', 'in', ids)
      .where('state', '=', 'uncertain')
      .execute();
  },

  /** Pending labels no purchase has touched for `ms`: the purchase that wrote them died, the outcome is unknown. */
  async staleToUncertain(trx: Kysely<DB>, orderId: number, ms: number): Promise<void> {
    await trx
      .updateTable('parcel_labels')
      .set({ state: 'uncertain', error_kind: 'timeout', error_text: 'the purchase was interrupted', updated_at: sql`now()` })
      .where('order_id', '=', orderId)
      .where('state', '=', 'pending')
      .where('updated_at', '<', sql<Date>`now() - make_interval(secs => ${ms / 1000})`)
      .execute();
  },

  async markBought(trx: Kysely<DB>, id: number, b: BoughtLabelColumns & { format: string }): Promise<boolean> {
    const result = await trx
      .updateTable('parcel_labels')
      .set({ ...boughtLabelSet(b), format: b.format, attempts: sql`attempts + 1` })
      .where('id', '=', id)
      .where('state', 'in', ['pending', 'uncertain'])
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  },

  async markFailed(trx: Kysely<DB>, ids: number[], state: 'failed' | 'uncertain', kind: string, text: string): Promise<void> {
    if (ids.length === 0) return;
    await trx
      .updateTable('parcel_labels')
      .set({ state, error_kind: kind, error_text: text.slice(0, 2000), attempts: sql`attempts + 1`, updated_at: sql`now()` })
      .where('id', 'in', ids)
      .where('state', 'in', ['pending', 'uncertain'])
      .execute();
  },

  async markVoided(trx: Kysely<DB>, id: number): Promise<boolean> {
    const result = await trx
      .updateTable('parcel_labels')
      .set({ state: 'voided', voided_at: sql`now()`, updated_at: sql`now()` })
      .where('id', '=', id)
      .where('state', '<>', 'voided')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  },

  /** The label with a tracking number, for the SN label call (labelSNBase64). */
  byTracking(db: Kysely<DB>, trackingNumber: string, scope: TenantScope): Promise<LabelRow | undefined> {
    return db
      .selectFrom('parcel_labels')
      .selectAll()
      .where('tracking_number', '=', trackingNumber)
      .where('state', '=', 'bought')
      .$call(whereTenant(scope))
      .executeTakeFirst();
  },

  async enqueue(trx: Kysely<DB>, q: { orderId: number; merchantId: number; kind: string; text: string; nextAt: Date | null }): Promise<number> {
    const row = await trx
      .insertInto('label_queue')
      .values({ order_id: q.orderId, merchant_id: q.merchantId, error_kind: q.kind, error_text: q.text.slice(0, 2000), attempts: 1, next_attempt_at: q.nextAt })
      .onConflict((oc) =>
        oc.column('order_id').doUpdateSet({
          error_kind: q.kind,
          error_text: q.text.slice(0, 2000),
          attempts: sql`label_queue.attempts + 1`,
          next_attempt_at: q.nextAt,
          updated_at: sql`now()`,
        }),
      )
      .returning('attempts')
      .executeTakeFirstOrThrow();
    return row.attempts;
  },

  async queued(db: Kysely<DB>, orderId: number): Promise<{ attempts: number } | undefined> {
    return db.selectFrom('label_queue').select('attempts').where('order_id', '=', orderId).executeTakeFirst();
  },

  async dequeue(trx: Kysely<DB>, orderId: number): Promise<void> {
    await trx.deleteFrom('label_queue').where('order_id', '=', orderId).execute();
  },

  /** Orders whose automatic retry is due, oldest first. */
  async due(db: Kysely<DB>, limit: number): Promise<Array<{ orderId: number; merchantId: number }>> {
    const rows = await db
      .selectFrom('label_queue')
      .select(['order_id', 'merchant_id'])
      .where('next_attempt_at', '<=', sql<Date>`now()`)
      .orderBy('next_attempt_at')
      .limit(limit)
      .execute();
    return rows.map((r) => ({ orderId: Number(r.order_id), merchantId: Number(r.merchant_id) }));
  },
};
