import type { Locale } from '@kontor/contracts';
import { sql, type Kysely, type Selectable } from 'kysely';
import { newestFirst, type TimeKeyset } from '../../db/keyset.js';
import type { DB, GateApiKeysTable, GateUsersTable } from '../../db/types.js';

export type GateUserRow = Selectable<GateUsersTable> & { active_keys: number; labels: number };
export type GateKeyRow = Selectable<GateApiKeysTable>;

export interface GateUserColumns {
  company?: string;
  contact?: string;
  email?: string;
  phone?: string;
  address?: Record<string, string>;
  margin_bp?: number;
  margin_fixed_minor?: number;
  currency?: string;
  carriers?: string[];
  products?: string[];
  active?: boolean;
  language?: Locale;
}

const asJson = (value: unknown) => JSON.stringify(value);

export interface GateUserFilter {
  id?: number;
  q?: string | undefined;
  active?: boolean | undefined;
  cursor?: TimeKeyset | null;
  limit?: number;
}

function jsonColumns(c: GateUserColumns) {
  const { address, carriers, products, ...plain } = c;
  return {
    ...plain,
    ...(address ? { address: asJson(address) } : {}),
    ...(carriers ? { carriers: asJson(carriers) } : {}),
    ...(products ? { products: asJson(products) } : {}),
  };
}

/** The SQL of gate users and their API keys; the only reader of key hashes. */
export const gateUsersRepo = {
  list(db: Kysely<DB>, filter: GateUserFilter) {
    const query = gateUsersRepo
      .filtered(db, filter)
      .selectAll('u')
      .select([
        sql<number>`(select count(*) from gate_api_keys k where k.gate_user_id = u.id and k.revoked_at is null)`.as('active_keys'),
        sql<number>`(select count(*) from gate_labels l where l.gate_user_id = u.id and l.state = 'bought')`.as('labels'),
      ]);
    return newestFirst(query, { time: 'u.created_at', id: 'u.id' }, filter.cursor, filter.limit ?? 1000).execute();
  },

  async count(db: Kysely<DB>, filter: GateUserFilter): Promise<number> {
    const row = await gateUsersRepo
      .filtered(db, filter)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },

  filtered(db: Kysely<DB>, filter: GateUserFilter) {
    let query = db.selectFrom('gate_users as u');
    if (filter.id !== undefined) query = query.where('u.id', '=', filter.id);
    if (filter.active !== undefined) query = query.where('u.active', '=', filter.active);
    if (filter.q) {
      const like = `%${filter.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      query = query.where((eb) => eb.or([eb('u.company', 'ilike', like), eb('u.contact', 'ilike', like), eb('u.email', 'ilike', like)]));
    }
    return query;
  },

  async get(db: Kysely<DB>, id: number): Promise<GateUserRow | undefined> {
    return (await gateUsersRepo.list(db, { id }))[0];
  },

  async insert(db: Kysely<DB>, c: Required<GateUserColumns>): Promise<number> {
    const row = await db
      .insertInto('gate_users')
      .values(jsonColumns(c) as Required<ReturnType<typeof jsonColumns>> & { company: string; address: string })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  },

  async update(db: Kysely<DB>, id: number, c: GateUserColumns): Promise<boolean> {
    const result = await db
      .updateTable('gate_users')
      .set({ ...jsonColumns(c), updated_at: sql`now()`, version: sql`version + 1` })
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  },

  keys(db: Kysely<DB>, gateUserId: number): Promise<GateKeyRow[]> {
    return db.selectFrom('gate_api_keys').selectAll().where('gate_user_id', '=', gateUserId).orderBy('id', 'desc').execute();
  },

  key(db: Kysely<DB>, id: number): Promise<GateKeyRow | undefined> {
    return db.selectFrom('gate_api_keys').selectAll().where('id', '=', id).executeTakeFirst();
  },

  async insertKey(db: Kysely<DB>, k: { gateUserId: number; name: string; prefix: string; hash: string }): Promise<number> {
    const row = await db
      .insertInto('gate_api_keys')
      .values({ gate_user_id: k.gateUserId, name: k.name, prefix: k.prefix, key_hash: k.hash })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  },

  async revokeKey(db: Kysely<DB>, id: number): Promise<boolean> {
    const result = await db
      .updateTable('gate_api_keys')
      .set({ revoked_at: sql`now()` })
      .where('id', '=', id)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  },

  /** The active user of a live key, by the key's hash. */
  byKeyHash(db: Kysely<DB>, hash: string): Promise<{ key_id: number; gate_user_id: number } | undefined> {
    return db
      .selectFrom('gate_api_keys as k')
      .innerJoin('gate_users as u', 'u.id', 'k.gate_user_id')
      .select(['k.id as key_id', 'k.gate_user_id'])
      .where('k.key_hash', '=', hash)
      .where('k.revoked_at', 'is', null)
      .where('u.active', '=', true)
      .executeTakeFirst();
  },

  /** Last use, written at most once a minute per key so a busy client does not rewrite the row on every call. */
  async touchKey(db: Kysely<DB>, id: number): Promise<void> {
    await db
      .updateTable('gate_api_keys')
      .set({ last_used_at: sql`now()` })
      .where('id', '=', id)
      .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', sql<Date>`now() - interval '1 minute'`)]))
      .execute();
  },
};
