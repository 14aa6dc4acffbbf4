import type { ShippingLogKind, ShippingLogResult } from '@kontor/contracts/domains/shipping';
import { sql, type Kysely } from 'kysely';
import { whereTenant, type TenantScope } from '../../db/tenant-scope.js';
import type { DB } from '../../db/types.js';
import { StatementCache } from '../../db/statement-cache.js';
import type { RecordPrelude } from '../resources/index.js';
import { ORDER_COLUMNS, toOrder, type OrderRow } from './outbound.repo.js';

/** The parcels of an order as the shipping scan counts them. */
export interface OrderParcels {
  /** The tracking numbers of the order's parcels (ship_bundle, one per line), in order. */
  bundle: string[];
  /** The tracking numbers confirmed by the shipping scan so far. */
  sent: string[];
  boxQty: number;
}

export interface ShippingLogEntry {
  kind: ShippingLogKind;
  merchantId: number | null;
  orderId: number | null;
  orderUnid: string;
  code: string;
  result: ShippingLogResult;
  errorCode: string;
  statusAfter: number | null;
  userId: number;
  /** The station as text, or the session whose station the row records (read by the insert itself). */
  station: string | { sessionId: number };
  /** The pallet a loading scan was about (empty for the shipping scan). */
  palletCode?: string;
}

const strings = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : []);

const parcelsOf = (row: { ship_bundle: string; ship_bundle_sent: unknown; box_qty: number }): OrderParcels => ({
  bundle: row.ship_bundle
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== ''),
  sent: strings(row.ship_bundle_sent),
  boxQty: row.box_qty,
});

/** Where the user scans: their print station's account, else the session's client id, else its address. */
const stationSql = (sessionId: number) =>
  sql<string>`coalesce((select coalesce(nullif(p.account, ''), nullif(s.login_env_id, ''), nullif(s.login_ip, ''), '')
    from sessions s join users u on u.id = s.user_id left join users p on p.id = u.print_station_user_id where s.id = ${sessionId}), '')`;

/** A log entry as its row's columns; `station` the text, or the session id its subquery reads the station of. */
const logRow = (entry: ShippingLogEntry) => ({
  kind: entry.kind,
  merchant_id: entry.merchantId,
  order_id: entry.orderId,
  order_unid: entry.orderUnid,
  code: entry.code.slice(0, 200),
  result: entry.result,
  error_code: entry.errorCode,
  status_after: entry.statusAfter,
  user_id: entry.userId,
  station: typeof entry.station === 'string' ? entry.station : entry.station.sessionId,
  pallet_code: entry.palletCode ?? '',
});

/** The insert of log rows (their values in the order of `logRow`'s columns). */
const logInsert = (db: Kysely<DB>, rows: Array<ReturnType<typeof logRow>>) =>
  db.insertInto('shipping_log').values(rows.map((row) => ({ ...row, station: typeof row.station === 'string' ? row.station : stationSql(row.station) })));

/** The scan's statements, compiled once (db/statement-cache.ts). */
const statements = new StatementCache();

/** An order a scanned code names: the row, its parcels, and whether the code was confirmed before. */
export interface FoundOrder {
  order: OrderRow;
  parcels: OrderParcels;
  /**
   * Scanned before (facts §3.1): a tracking number already in the confirmed parcels, or the order
   * number once at least one parcel was confirmed. Decided by the lookup's SQL (`findQuery`), the one
   * place of the rule, so the repeat's log row in the same statement follows it too.
   */
  already: boolean;
}

/**
 * The lookup by code (`findByCode`): the order by number or tracking number, newest first, with the
 * repeat rule as a column. Its values in the order its SQL takes them: `findParameters`.
 */
const findQuery = (db: Kysely<DB>, scope: TenantScope, code: string, lock: boolean) => {
  const unid = code.toUpperCase();
  return db
    .selectFrom('outbound_orders')
    .select([...ORDER_COLUMNS, 'ship_bundle', 'ship_bundle_sent', 'box_qty'])
    .select(
      sql<boolean>`case when unid = ${unid} then jsonb_array_length(ship_bundle_sent) > 0 else ship_bundle_sent @> jsonb_build_array(${code}::text) end`.as(
        'already',
      ),
    )
    .where((eb) => eb.or([eb('unid', '=', unid), sql<boolean>`string_to_array(ship_bundle, E'\\n') @> array[${code}]::text[]`]))
    .$call(whereTenant(scope))
    .orderBy(sql`unid = ${unid}`, 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .$if(lock, (q) => q.forUpdate());
};

const findParameters = (scope: TenantScope, code: string) => {
  const unid = code.toUpperCase();
  return [unid, code, unid, code, ...(scope.merchantId !== null ? [scope.merchantId] : []), unid, 1];
};

/** A lookup's row (as the driver parses it, or as `to_json` wrote it: the same values). */
export function foundOf(row: Record<string, unknown>): FoundOrder {
  const { already, ...order } = row;
  return { order: toOrder(order)!, parcels: parcelsOf(order as Parameters<typeof parcelsOf>[0]), already: already === true };
}

/** The SQL of the shipping scan and its log (shipping-scan.service.ts). */
export const shippingScanRepo = {
  async parcels(db: Kysely<DB>, orderId: number): Promise<OrderParcels> {
    return parcelsOf(
      await db.selectFrom('outbound_orders').select(['ship_bundle', 'ship_bundle_sent', 'box_qty']).where('id', '=', orderId).executeTakeFirstOrThrow(),
    );
  },

  /**
   * The order a scanned code names with its parcels, in one statement: the order by its number, else
   * the newest carrying the tracking number (as `p11yCompatRepo.idByCode`), within the scope. With
   * `lock`, only the row answered is locked (the limit is taken before the lock).
   */
  async findByCode(trx: Kysely<DB>, scope: TenantScope, code: string, { lock = false } = {}): Promise<FoundOrder | null> {
    const [row] = await statements.rows(trx, `findByCode ${lock} ${scope.merchantId !== null}`, findParameters(scope, code), () =>
      findQuery(trx, scope, code, lock),
    );
    return row ? foundOf(row) : null;
  },

  /**
   * The lookup of `findByCode` and a repeat's log row as the queries before the read of the scan's
   * answer, in the same statement (`ResourceView.getWith`): a repeat, or a scan of a canceled order
   * (`attention`: its status codes), costs one round trip. The row is written only when the lookup
   * finds a live order the scan does not change (`already`, or an attention status), which is the
   * service's rule; `id` is the found order's for the read, `__found` its row and `__logged` whether
   * the row was written (`foundOf`).
   */
  scanPrelude(db: Kysely<DB>, scope: TenantScope, code: string, who: { userId: number; sessionId: number }, attention: readonly number[]) {
    const parameters = [...findParameters(scope, code), code.slice(0, 200), who.userId, who.sessionId, [...attention]];
    const prelude: RecordPrelude = {
      name: `shippingScan ${scope.merchantId !== null}`,
      parameters,
      ctes: () => [
        ['found', findQuery(db, scope, code, false)],
        [
          'logged',
          // In parentheses: Kysely puts a raw query of a `with` as it is.
          sql`(insert into shipping_log (kind, merchant_id, order_id, order_unid, code, result, error_code, status_after, user_id, station)
            select 'shipping', "merchantId", id, unid, ${code.slice(0, 200)}, case when already then 'already' else 'refused' end,
              case when already then '' else 'OrderAttention' end, status, ${who.userId}, ${stationSql(who.sessionId)}
            from found where not deleted and (already or status = any(${[...attention]}::int[])) returning id)`,
        ],
      ],
      columns: () => [sql`(select to_json(found) from found)`.as('__found'), sql<boolean>`exists (select from logged)`.as('__logged')],
    };
    return { prelude, id: sql<number>`(select id from found)` };
  },

  /** Every parcel of the order confirmed (the demo's order that passed its scan before the SKU QC). */
  async markAllSent(db: Kysely<DB>, orderId: number): Promise<void> {
    await sql`update outbound_orders set ship_bundle_sent = to_jsonb(string_to_array(ship_bundle, E'\\n')), updated_at = now(), version = version + 1
      where id = ${orderId} and ship_bundle <> ''`.execute(db);
  },

  /** Appends a tracking number to the confirmed parcels unless it is there already; true when appended. */
  async markSent(db: Kysely<DB>, orderId: number, code: string): Promise<boolean> {
    const one = JSON.stringify([code]);
    const result = await sql`update outbound_orders set ship_bundle_sent = ship_bundle_sent || ${one}::jsonb, updated_at = now(), version = version + 1
      where id = ${orderId} and not ship_bundle_sent @> ${one}::jsonb`.execute(db);
    return Number(result.numAffectedRows ?? 0) > 0;
  },

  /** Writes log rows; compiled once per shape (rows, and whether each names its station or its session): every scan writes one. */
  async log(db: Kysely<DB>, ...entries: ShippingLogEntry[]): Promise<void> {
    if (entries.length === 0) return;
    const rows = entries.map(logRow);
    const shape = entries.map((entry) => (typeof entry.station === 'string' ? 's' : 'q')).join('');
    await statements.rows(db, `log ${shape}`, rows.flatMap(Object.values), () => logInsert(db, rows));
  },

  /** Where the user scans: their print station's account, else the session's client id, else its address. */
  async stationOf(db: Kysely<DB>, sessionId: number): Promise<string> {
    const { rows } = await sql<{ station: string }>`select ${stationSql(sessionId)} as station`.execute(db);
    return rows[0]?.station ?? '';
  },

  /** The merchant and number of an order (for a refused scan's log row). */
  async orderRef(db: Kysely<DB>, orderId: number) {
    return db.selectFrom('outbound_orders').select(['merchant_id as merchantId', 'unid']).where('id', '=', orderId).executeTakeFirst();
  },
};
