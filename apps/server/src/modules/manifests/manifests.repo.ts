import { sql, type Kysely, type Selectable } from 'kysely';
import { camelColumns } from '../../db/camel-columns.js';
import type { CarrierManifestsTable, DB } from '../../db/types.js';

/** A manifest row with its day as text (a `date` read through the driver would carry a time zone). */
export type ManifestRecord = Omit<Selectable<CarrierManifestsTable>, 'day'> & { day: string };

/** One handed-over parcel of a day, with the manifest it is in and whether the cut-off job flagged it. */
export interface HandedOverRow {
  id: number;
  trackingNo: string;
  palletCode: string;
  handedOverAt: Date;
  outboundUnid: string;
  merchantName: string;
  accountKey: string;
  accountId: number | null;
  accountName: string | null;
  carrier: string;
  carrierRef: string;
  weightKg: number | null;
  manifestId: number | null;
  late: boolean;
}

const TZ = sql`coalesce((select w.time_zone from warehouses w order by w.id limit 1), 'Europe/Berlin')`;

function manifests(db: Kysely<DB>) {
  return db
    .selectFrom('carrier_manifests')
    .selectAll()
    .select(sql<string>`to_char(day, 'YYYY-MM-DD')`.as('day'));
}

function handedOver(db: Kysely<DB>) {
  return db
    .selectFrom('handed_over_parcels as h')
    .leftJoin('manifest_parcels as mp', 'mp.tracking_id', 'h.id')
    .leftJoin('manifest_late as ml', 'ml.tracking_id', 'h.id')
    .select([
      ...camelColumns('h', [
        'id',
        'tracking_no',
        'pallet_code',
        'handed_over_at',
        'outbound_unid',
        'merchant_name',
        'account_key',
        'account_id',
        'account_name',
        'carrier',
        'carrier_ref',
      ]),
      sql<number | null>`h.weight_kg::float8`.as('weightKg'),
      'mp.manifest_id as manifestId',
      sql<boolean>`ml.tracking_id is not null`.as('late'),
    ]);
}

/** The SQL of the end-of-day manifests (issue 19 item 4, docs/manifests.md). */
export const manifestsRepo = {
  /** The warehouse's local date and time now (or at `at`): `YYYY-MM-DD` and `HH24:MI`. */
  async localNow(db: Kysely<DB>, at: Date): Promise<{ day: string; time: string }> {
    const row = await sql<{ day: string; time: string }>`select to_char(${at}::timestamptz at time zone ${TZ}, 'YYYY-MM-DD') as day,
      to_char(${at}::timestamptz at time zone ${TZ}, 'HH24:MI') as time`.execute(db);
    return row.rows[0]!;
  },

  /** Every parcel handed over on the day, per account in handover order. */
  dayParcels(db: Kysely<DB>, day: string): Promise<HandedOverRow[]> {
    return handedOver(db)
      .where('h.day', '=', sql<Date>`${day}::date`)
      .orderBy('h.account_key')
      .orderBy('h.handed_over_at')
      .orderBy('h.id')
      .execute();
  },

  /** The day's parcels of one account not in a manifest yet. */
  openParcels(db: Kysely<DB>, accountKey: string, day: string): Promise<HandedOverRow[]> {
    return handedOver(db)
      .where('h.day', '=', sql<Date>`${day}::date`)
      .where('h.account_key', '=', accountKey)
      .where('mp.manifest_id', 'is', null)
      .orderBy('h.handed_over_at')
      .orderBy('h.id')
      .execute();
  },

  /** The parcels of one manifest, in handover order. */
  manifestParcels(db: Kysely<DB>, manifestId: number): Promise<HandedOverRow[]> {
    return handedOver(db).where('mp.manifest_id', '=', manifestId).orderBy('h.handed_over_at').orderBy('h.id').execute();
  },

  /** Holds closing one account's day until the transaction ends: two staff closing at once make one manifest. */
  async lockDay(trx: Kysely<DB>, accountKey: string, day: string): Promise<void> {
    await sql`select pg_advisory_xact_lock(hashtextextended(${`manifest:${accountKey}:${day}`}, 0))`.execute(trx);
  },

  dayManifests(db: Kysely<DB>, day: string): Promise<ManifestRecord[]> {
    return manifests(db)
      .where('day', '=', sql<Date>`${day}::date`)
      .orderBy('account_key')
      .orderBy('seq')
      .execute();
  },

  latest(db: Kysely<DB>, accountKey: string, day: string): Promise<ManifestRecord | undefined> {
    return manifests(db)
      .where('account_key', '=', accountKey)
      .where('day', '=', sql<Date>`${day}::date`)
      .orderBy('seq', 'desc')
      .limit(1)
      .executeTakeFirst();
  },

  byId(db: Kysely<DB>, id: number): Promise<ManifestRecord | undefined> {
    return manifests(db).where('id', '=', id).executeTakeFirst();
  },

  /** A new manifest of the day with the next number, holding the given parcels. */
  async create(
    trx: Kysely<DB>,
    m: { accountKey: string; accountId: number | null; carrier: string; day: string; carrierState: 'none' | 'pending'; userId: number; trackingIds: number[] },
  ): Promise<number> {
    const next = await trx
      .selectFrom('carrier_manifests')
      .select(sql<number>`coalesce(max(seq), 0) + 1`.as('seq'))
      .where('account_key', '=', m.accountKey)
      .where('day', '=', sql<Date>`${m.day}::date`)
      .executeTakeFirstOrThrow();
    const row = await trx
      .insertInto('carrier_manifests')
      .values({
        account_key: m.accountKey,
        account_id: m.accountId,
        carrier: m.carrier,
        day: sql<Date>`${m.day}::date`,
        seq: Number(next.seq),
        parcel_count: m.trackingIds.length,
        carrier_state: m.carrierState,
        created_by: m.userId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('manifest_parcels')
      .values(m.trackingIds.map((id) => ({ tracking_id: id, manifest_id: row.id })))
      .execute();
    return Number(row.id);
  },

  /** What the carrier's close-out call did. */
  async setCarrier(db: Kysely<DB>, id: number, r: { state: 'done' | 'failed'; ref?: string; errorKind?: string; message?: string }): Promise<void> {
    await db
      .updateTable('carrier_manifests')
      .set({
        carrier_state: r.state,
        carrier_ref: r.ref ?? '',
        carrier_error_kind: r.errorKind ?? '',
        carrier_message: (r.message ?? '').slice(0, 1000),
        updated_at: sql<Date>`now()`,
      })
      .where('id', '=', id)
      .execute();
  },

  /** Flags every parcel handed over on or before `lastDay` that is in no manifest; answers how many were new. */
  async flagLate(db: Kysely<DB>, lastDay: string): Promise<number> {
    const result = await sql`insert into manifest_late (tracking_id, day)
      select h.id, h.day from handed_over_parcels h
      where h.day <= ${lastDay}::date and not exists (select 1 from manifest_parcels mp where mp.tracking_id = h.id)
      on conflict (tracking_id) do nothing`.execute(db);
    return Number(result.numAffectedRows ?? 0);
  },
};
