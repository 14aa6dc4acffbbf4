import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import type { AuthContext } from '../../http/access.js';
import { AppError } from '../../http/app-error.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- files are declared by migration 0001
type AnyDB = Kysely<any>;

/**
 * Files of an order must be readable by its merchant: a merchant may attach only files it uploaded
 * or that already are its own; files staff upload for the order become the merchant's.
 */
export async function attachFiles(trx: Kysely<DB>, auth: AuthContext, merchantId: number, files: Array<{ id: string }>) {
  if (files.length === 0) return;
  const ids = files.map((f) => f.id);
  const rows = (await (trx as AnyDB)
    .selectFrom('files')
    .select(['id', 'owner_user_id as owner', 'merchant_id as merchantId'])
    .where('id', 'in', ids)
    .where('deleted_at', 'is', null)
    .execute()) as Array<{ id: string; owner: number | null; merchantId: number | null }>;
  const staff = auth.merchantId === null;
  for (const [index, file] of files.entries()) {
    const row = rows.find((r) => r.id === file.id);
    const mine = row && (Number(row.merchantId) === merchantId || (row.merchantId === null && (staff || Number(row.owner) === auth.userId)));
    if (!mine) throw new AppError('IntegrityError', { fields: [{ field: `files.${index}.id`, message: `unknown file ${file.id}` }] });
  }
  await (trx as AnyDB).updateTable('files').set({ merchant_id: merchantId }).where('id', 'in', ids).where('merchant_id', 'is', null).execute();
}
