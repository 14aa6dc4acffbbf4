import type { PrintJobState, PrintKind } from '@kontor/contracts/domains/printing';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';

/** A printer record of settings (migration 0002 `printers`), as routing reads it. */
export interface PrinterRow {
  id: number;
  name: string;
  kind: string;
  agentUrl: string;
  printerName: string;
  stationUserId: number | null;
  documentKinds: string[];
}

export interface PrintJobRow {
  id: number;
  createdAt: Date;
  updatedAt: Date;
  userId: number;
  userName: string;
  stationUserId: number;
  stationName: string;
  kind: PrintKind;
  url: string | null;
  sn: string | null;
  title: string;
  printerName: string;
  agentUrl: string;
  state: PrintJobState;
  error: string;
  reprintOf: number | null;
}

export interface NewPrintJob {
  userId: number;
  stationUserId: number;
  kind: PrintKind;
  url: string | null;
  sn: string | null;
  title: string;
  printerId: number | null;
  printerName: string;
  agentUrl: string;
  reprintOf: number | null;
}

const num = (v: unknown) => Number(v);

function jobsQuery(db: Kysely<DB>) {
  return db
    .selectFrom('print_jobs as j')
    .innerJoin('users as u', 'u.id', 'j.user_id')
    .innerJoin('users as s', 's.id', 'j.station_user_id')
    .select([
      'j.id',
      'j.created_at',
      'j.updated_at',
      'j.user_id',
      'u.name as user_name',
      'j.station_user_id',
      's.name as station_name',
      'j.kind',
      'j.url',
      'j.sn',
      'j.title',
      'j.printer_name',
      'j.agent_url',
      'j.state',
      'j.error',
      'j.reprint_of',
    ]);
}

type JobSelect = Awaited<ReturnType<ReturnType<typeof jobsQuery>['executeTakeFirstOrThrow']>>;

function toJob(row: JobSelect): PrintJobRow {
  return {
    id: num(row.id),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    userId: num(row.user_id),
    userName: row.user_name,
    stationUserId: num(row.station_user_id),
    stationName: row.station_name,
    kind: row.kind,
    url: row.url,
    sn: row.sn,
    title: row.title,
    printerName: row.printer_name,
    agentUrl: row.agent_url,
    state: row.state,
    error: row.error,
    reprintOf: row.reprint_of === null ? null : num(row.reprint_of),
  };
}

/** The SQL of print routing and the print history (issue 17 item 7); the rules live in printing.service.ts. */
export const PrintingRepo = {
  /** The account's print settings: its station account and whether it is a station itself. */
  async user(db: Kysely<DB>, userId: number) {
    const row = await db.selectFrom('users').select(['id', 'name', 'print_shipment', 'print_station_user_id']).where('id', '=', userId).executeTakeFirst();
    return row
      ? {
          id: num(row.id),
          name: row.name,
          printShipment: row.print_shipment,
          stationUserId: row.print_station_user_id === null ? null : num(row.print_station_user_id),
        }
      : null;
  },

  /** The enabled printers of a station plus the shared ones (no station set), own first. */
  async printersOf(db: Kysely<DB>, stationUserId: number): Promise<PrinterRow[]> {
    const rows = await db
      .selectFrom('printers')
      .select(['id', 'name', 'kind', 'agent_url', 'printer_name', 'station_user_id', 'document_kinds'])
      .where('disabled', '=', false)
      .where((eb) => eb.or([eb('station_user_id', '=', stationUserId), eb('station_user_id', 'is', null)]))
      .orderBy('name')
      .execute();
    return rows.map((row) => ({
      id: num(row.id),
      name: row.name,
      kind: row.kind,
      agentUrl: row.agent_url,
      printerName: row.printer_name,
      stationUserId: row.station_user_id === null ? null : num(row.station_user_id),
      documentKinds: Array.isArray(row.document_kinds) ? row.document_kinds.map(String) : [],
    }));
  },

  /** Station accounts that have an enabled printer set to them, by name. */
  async stationsWithPrinters(db: Kysely<DB>): Promise<number[]> {
    const rows = await db
      .selectFrom('printers as p')
      .innerJoin('users as u', 'u.id', 'p.station_user_id')
      .select('u.id')
      .distinct()
      .where('p.disabled', '=', false)
      .orderBy('u.id')
      .execute();
    return rows.map((row) => num(row.id));
  },

  async insertJob(db: Kysely<DB>, job: NewPrintJob): Promise<number> {
    const row = await db
      .insertInto('print_jobs')
      .values({
        user_id: job.userId,
        station_user_id: job.stationUserId,
        kind: job.kind,
        url: job.url,
        sn: job.sn,
        title: job.title,
        printer_id: job.printerId,
        printer_name: job.printerName,
        agent_url: job.agentUrl,
        reprint_of: job.reprintOf,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return num(row.id);
  },

  async job(db: Kysely<DB>, id: number): Promise<PrintJobRow | null> {
    const row = await jobsQuery(db).where('j.id', '=', id).executeTakeFirst();
    return row ? toJob(row) : null;
  },

  /** The newest jobs the user sent or its station received. */
  async jobsOf(db: Kysely<DB>, userId: number, limit: number): Promise<PrintJobRow[]> {
    const rows = await jobsQuery(db)
      .where((eb) => eb.or([eb('j.station_user_id', '=', userId), eb('j.user_id', '=', userId)]))
      .orderBy('j.created_at', 'desc')
      .orderBy('j.id', 'desc')
      .limit(limit)
      .execute();
    return rows.map(toJob);
  },

  /** Records what the station reported; false when the job is not this station's. */
  async setState(db: Kysely<DB>, id: number, stationUserId: number, state: PrintJobState, error: string): Promise<boolean> {
    const result = await db
      .updateTable('print_jobs')
      .set({ state, error, updated_at: new Date() })
      .where('id', '=', id)
      .where('station_user_id', '=', stationUserId)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  },

  /** Keeps the history small: drops a station's jobs beyond the newest `keep`. */
  async prune(db: Kysely<DB>, stationUserId: number, keep: number): Promise<void> {
    const cutoff = await db
      .selectFrom('print_jobs')
      .select('id')
      .where('station_user_id', '=', stationUserId)
      .orderBy('id', 'desc')
      .offset(keep)
      .limit(1)
      .executeTakeFirst();
    if (!cutoff) return;
    await db.deleteFrom('print_jobs').where('station_user_id', '=', stationUserId).where('id', '<=', cutoff.id).execute();
  },
};
