import type { ResolveStatus } from '@kontor/contracts/domains/pallets';
import { sql, type Kysely, type Selectable } from 'kysely';
import { StatementCache } from '../../db/statement-cache.js';
import type { DB, PalletsTable, PalletTrackingTable } from '../../db/types.js';

/** A pallet row with its pickup day as text: a `date` read through the driver would carry a time zone. */
export type PalletRecord = Selectable<PalletsTable> & { pickup_day: string };
const pickupDay = sql<string>`coalesce(to_char(pickup_date, 'YYYY-MM-DD'), '')`.as('pickup_day');
export type TrackingRecord = Selectable<PalletTrackingTable>;

export interface NewTracking {
  palletId: number;
  palletCode: string;
  trackingNo: string;
  outboundId: number | null;
  outboundUnid: string;
  merchantId: number | null;
  carrier: string;
  resolveStatus: ResolveStatus;
  resolveError: string;
  rawScan: string;
  userId: number;
}

export interface PalletColumns {
  pickup_carrier: string;
  unit_str: string;
  plate_number2: string;
  plate_key: string;
  pickup_date: string | null;
  important_note: string;
}

/** The loading scan's lookups, compiled once (db/statement-cache.ts): every tracking flush runs them. They select `*`, so unprepared. */
const statements = new StatementCache({ prepared: false });

/** The SQL of `pallets` and `pallet_tracking` (issue 19, docs/loading.md). */
export const palletsRepo = {
  async byCode(db: Kysely<DB>, code: string, options: { lock?: boolean } = {}): Promise<PalletRecord | undefined> {
    const lock = options.lock === true;
    const [row] = await statements.rows(db, `byCode ${lock}`, [code], () =>
      db
        .selectFrom('pallets')
        .selectAll()
        .select(pickupDay)
        .where('pallet_code', '=', code)
        .$if(lock, (q) => q.forUpdate()),
    );
    return row;
  },

  /** The configs whose plate matches ignoring spaces and case, newest first (at most two: enough to know it is ambiguous). */
  async byPlate(db: Kysely<DB>, plateKey: string): Promise<PalletRecord[]> {
    return db
      .selectFrom('pallets')
      .selectAll()
      .select(pickupDay)
      .where('plate_key', '=', plateKey)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(2)
      .execute();
  },

  async page(db: Kysely<DB>, filter: { q: string; state: string; l: number; o: number }): Promise<{ rows: PalletRecord[]; total: number }> {
    const pattern = filter.q ? `%${filter.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
    const base = db
      .selectFrom('pallets')
      .$if(filter.state === 'open' || filter.state === 'closed', (q) => q.where('state', '=', filter.state))
      .$if(filter.state === 'loaded', (q) =>
        q.where('state', '=', 'open').where((eb) => eb.exists(eb.selectFrom('pallet_tracking as t').select('t.id').whereRef('t.pallet_id', '=', 'pallets.id'))),
      )
      .$if(pattern !== null, (q) =>
        q.where((eb) => eb.or([eb('pallet_code', 'ilike', pattern!), eb('plate_number2', 'ilike', pattern!), eb('pickup_carrier', 'ilike', pattern!)])),
      );
    const [rows, total] = await Promise.all([
      base.selectAll().select(pickupDay).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(filter.l).offset(filter.o).execute(),
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(total.n) };
  },

  /** Moves the code counter to at least `n`, so that the next code the database makes comes after it. */
  async advanceCode(trx: Kysely<DB>, n: number): Promise<void> {
    await sql`select setval('pallet_code_seq', greatest(${n}::bigint, last_value), true) from pallet_code_seq`.execute(trx);
  },

  /** Creates a config; answers its code. */
  async insert(trx: Kysely<DB>, columns: PalletColumns, userId: number | null, code?: string): Promise<string> {
    const row = await trx
      .insertInto('pallets')
      .values({ ...columns, created_by: userId, ...(code === undefined ? {} : { pallet_code: code }) })
      .returning('pallet_code')
      .executeTakeFirstOrThrow();
    return row.pallet_code;
  },

  async update(trx: Kysely<DB>, id: number, columns: PalletColumns): Promise<void> {
    await trx
      .updateTable('pallets')
      .set({ ...columns, updated_at: sql<Date>`now()` })
      .where('id', '=', id)
      .execute();
  },

  async tracking(db: Kysely<DB>, palletId: number): Promise<TrackingRecord[]> {
    return db.selectFrom('pallet_tracking').selectAll().where('pallet_id', '=', palletId).orderBy('id').execute();
  },

  /** Inserts the number unless it is on a pallet already; answers the inserted row, or undefined. */
  async insertTracking(trx: Kysely<DB>, row: NewTracking): Promise<TrackingRecord | undefined> {
    return trx
      .insertInto('pallet_tracking')
      .values({
        pallet_id: row.palletId,
        pallet_code: row.palletCode,
        tracking_no: row.trackingNo,
        outbound_id: row.outboundId,
        outbound_unid: row.outboundUnid,
        merchant_id: row.merchantId,
        carrier: row.carrier,
        resolve_status: row.resolveStatus,
        resolve_error: row.resolveError,
        raw_scan: row.rawScan,
        user_id: row.userId,
      })
      .onConflict((oc) => oc.column('tracking_no').doNothing())
      .returningAll()
      .executeTakeFirst();
  },

  async trackingByNumber(db: Kysely<DB>, trackingNo: string): Promise<TrackingRecord | undefined> {
    const [row] = await statements.rows(db, 'trackingByNumber', [trackingNo], () =>
      db.selectFrom('pallet_tracking').selectAll().where('tracking_no', '=', trackingNo),
    );
    return row;
  },

  /** Removes the number from the pallet; true when a row went. */
  async removeTracking(trx: Kysely<DB>, palletId: number, trackingNo: string): Promise<boolean> {
    const r = await trx.deleteFrom('pallet_tracking').where('pallet_id', '=', palletId).where('tracking_no', '=', trackingNo).executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  },

  /** Keeps `tracking_count` equal to the pallet's rows (read by the original's pallet object). */
  async recount(trx: Kysely<DB>, palletId: number): Promise<void> {
    await sql`update pallets set tracking_count = (select count(*) from pallet_tracking where pallet_id = ${palletId}), updated_at = now() where id = ${palletId}`.execute(
      trx,
    );
  },

  async close(trx: Kysely<DB>, palletId: number, userId: number): Promise<void> {
    await trx
      .updateTable('pallets')
      .set({ state: 'closed', closed_at: sql<Date>`now()`, closed_by: userId, updated_at: sql<Date>`now()` })
      .where('id', '=', palletId)
      .execute();
  },

  async setSignedFiles(trx: Kysely<DB>, palletId: number, files: Array<{ id: string; name: string }>): Promise<void> {
    await trx
      .updateTable('pallets')
      .set({ signed_files: JSON.stringify(files), updated_at: sql<Date>`now()` })
      .where('id', '=', palletId)
      .execute();
  },

  /** Names of uploaded files, to keep with the pallet. */
  async fileNames(db: Kysely<DB>, ids: string[]): Promise<Array<{ id: string; name: string }>> {
    if (ids.length === 0) return [];
    return db.selectFrom('files').select(['id', 'name']).where('id', 'in', ids).where('deleted_at', 'is', null).execute();
  },

  /** Tracking numbers of these orders on any pallet already handed over or this one: parcels that left. */
  async loadedParcels(db: Kysely<DB>, orderIds: number[], palletId: number): Promise<Array<{ outboundId: number; trackingNo: string }>> {
    if (orderIds.length === 0) return [];
    const rows = await db
      .selectFrom('pallet_tracking as t')
      .innerJoin('pallets as p', 'p.id', 't.pallet_id')
      .select(['t.outbound_id', 't.tracking_no'])
      .where('t.outbound_id', 'in', orderIds)
      .where((eb) => eb.or([eb('p.state', '=', 'closed'), eb('p.id', '=', palletId)]))
      .execute();
    return rows.map((r) => ({ outboundId: Number(r.outbound_id), trackingNo: r.tracking_no }));
  },
};
