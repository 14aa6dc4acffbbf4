import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';

/** An exception event not told yet, with what its mail names and whom it goes to. */
export interface PendingGateNotice {
  id: number;
  exception: string;
  text: string;
  location: string;
  at: Date;
  trackingNumber: string;
  carrier: string;
  shipmentId: number;
  reference: string;
  company: string;
  email: string;
  language: string;
}

/** The SQL of the gate users' exception mails (docs/carrier-gate.md "Exception mails"): which events are still to be told. */
export const gateNoticesRepo = {
  /** Exception events not told yet, oldest first: one parcel's (`labelId`) or any (the round's sweep; the partial index). */
  async pending(db: Kysely<DB>, labelId: number | null, limit: number): Promise<PendingGateNotice[]> {
    let query = db
      .selectFrom('gate_tracking_events as e')
      .innerJoin('gate_labels as l', 'l.id', 'e.gate_label_id')
      .innerJoin('gate_shipments as s', 's.id', 'l.shipment_id')
      .innerJoin('gate_users as u', 'u.id', 'e.gate_user_id')
      .select([
        'e.id',
        'e.exception',
        'e.text',
        'e.location',
        'e.at',
        'e.tracking_number as trackingNumber',
        'e.carrier',
        's.id as shipmentId',
        's.reference',
        'u.company',
        'u.email',
        'u.language',
      ])
      .where('e.kind', '=', 'exception')
      .where('e.noticed_at', 'is', null);
    if (labelId !== null) query = query.where('e.gate_label_id', '=', labelId);
    const rows = await query.orderBy('e.id').limit(limit).execute();
    return rows.map((r) => ({ ...r, id: Number(r.id), shipmentId: Number(r.shipmentId), at: new Date(r.at) }));
  },

  /** Marks the event told, if no one has: true for exactly one of several passes racing for it. */
  async claim(db: Kysely<DB>, id: number): Promise<boolean> {
    const result = await db
      .updateTable('gate_tracking_events')
      .set({ noticed_at: new Date() })
      .where('id', '=', id)
      .where('noticed_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  },

  /** Gives a claimed event back (its mail did not reach the outbox), for the next pass. */
  async release(db: Kysely<DB>, id: number): Promise<void> {
    await db.updateTable('gate_tracking_events').set({ noticed_at: null }).where('id', '=', id).execute();
  },
};
