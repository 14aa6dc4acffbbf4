import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import type { AuthContext } from '../../http/access.js';
import { AppError } from '../../http/app-error.js';

/**
 * Files attached to a merchant's record (an inbound order, a ticket message) must be readable by that
 * merchant: a merchant may attach only files it uploaded or that already are its own; files staff
 * upload for the record become the merchant's. An unknown or foreign file is refused at its field
 * (`files.{index}.id`). Runs inside the caller's transaction.
 */
export async function attachFiles(trx: Kysely<DB>, auth: AuthContext, merchantId: number, files: Array<{ id: string }>, field = 'files'): Promise<void> {
  if (files.length === 0) return;
  const ids = files.map((f) => f.id);
  const rows = await trx
    .selectFrom('files')
    .select(['id', 'owner_user_id as owner', 'merchant_id as merchantId'])
    .where('id', 'in', ids)
    .where('deleted_at', 'is', null)
    .execute();
  const staff = auth.merchantId === null;
  for (const [index, file] of files.entries()) {
    const row = rows.find((r) => r.id === file.id);
    const mine = row && (Number(row.merchantId) === merchantId || (row.merchantId === null && (staff || Number(row.owner) === auth.userId)));
    if (!mine) throw new AppError('IntegrityError', { fields: [{ field: `${field}.${index}.id`, message: `unknown file ${file.id}` }] });
  }
  await trx.updateTable('files').set({ merchant_id: merchantId }).where('id', 'in', ids).where('merchant_id', 'is', null).execute();
}
