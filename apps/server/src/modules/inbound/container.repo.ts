import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/types.js';

/** The SQL of containers and of the inbound orders they carry. */
export const containerRepo = {
  /** The container's status, its row locked (status changes of one container run one after another). */
  async lockStatus(trx: Kysely<DB>, id: number): Promise<number | undefined> {
    const row = await trx.selectFrom('containers').select('status').where('id', '=', id).forUpdate().executeTakeFirst();
    return row?.status;
  },

  async setStatus(trx: Kysely<DB>, id: number, status: number, stamp: 'arrived_at' | 'unloaded_at' | null): Promise<void> {
    const stampSql = stamp ? sql`, ${sql.ref(stamp)} = now()` : sql``;
    await sql`update containers set status = ${status}, updated_at = now(), version = version + 1${stampSql} where id = ${id}`.execute(trx);
  },

  /** The inbound orders the container carries that are in one of the given statuses, their rows locked in id order. */
  async lockOrders(trx: Kysely<DB>, id: number, statuses: number[]): Promise<Array<{ id: number; status: number }>> {
    const rows = await trx
      .selectFrom('inbound_orders')
      .select(['id', 'status'])
      .where('container_id', '=', id)
      .where('status', 'in', statuses)
      .orderBy('id')
      .forUpdate()
      .execute();
    return rows.map((r) => ({ id: Number(r.id), status: r.status }));
  },
};
