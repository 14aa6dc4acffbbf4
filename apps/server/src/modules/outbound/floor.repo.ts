import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import { whereTenant, type TenantScope } from '../../db/tenant-scope.js';

export interface FloorOrderRow {
  id: number;
  unid: string;
  status: number;
  merchantName: string;
  rsd: string | null;
  createdAt: Date;
  exceptionReason: string;
  exceptionOwner: string | null;
}

/** The SQL of the floor views (floor.service.ts). */
export const floorRepo = {
  /**
   * Live orders in `statuses`, at most `limit`, and how many there are. `lateBefore` (a day,
   * `YYYY-MM-DD`, the warehouse's today): only those whose requested ship date (rsd) is before it, the
   * most overdue first; else the longest waiting first. The day comes from the caller, never the
   * database's `current_date` (UTC), which trails the warehouse's day for an hour or two each night.
   */
  async orders(db: Kysely<DB>, scope: TenantScope, statuses: number[], lateBefore: string | null, limit: number) {
    const late = lateBefore !== null;
    const base = db
      .selectFrom('outbound_orders as o')
      .where('o.deleted_at', 'is', null)
      .where('o.status', 'in', statuses)
      .$if(late, (q) => q.where(sql<boolean>`o.rsd < ${lateBefore}::date`))
      .$call(whereTenant(scope, 'o.merchant_id'));
    const [rows, total] = await Promise.all([
      base
        .innerJoin('merchants as m', 'm.id', 'o.merchant_id')
        .select([
          'o.id',
          'o.unid',
          'o.status',
          'm.name as merchantName',
          sql<string | null>`to_char(o.rsd, 'YYYY-MM-DD')`.as('rsd'),
          'o.created_at as createdAt',
          'o.exception_reason as exceptionReason',
          'o.exception_owner as exceptionOwner',
        ])
        .$if(late, (q) => q.orderBy('o.rsd'))
        .orderBy('o.created_at')
        .orderBy('o.id')
        .limit(limit)
        .execute(),
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows: rows.map((r) => ({ ...r, id: Number(r.id) })) as FloorOrderRow[], total: Number(total.n) };
  },
};
