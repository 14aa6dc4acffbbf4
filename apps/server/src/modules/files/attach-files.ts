import type { Kysely } from 'kysely';
import { TenantScope } from '../../db/tenant-scope.js';
import type { DB } from '../../db/types.js';
import type { AuthContext } from '../../http/access.js';
import { AppError } from '../../http/app-error.js';
import { FilesRepo } from './files.repo.js';

/** The id of a stored file from its address (`/v0/static/<id>`), else null. */
export function fileIdOf(url: string): string | null {
  return /^\/v0\/static\/([a-f0-9]{32})$/.exec(url)?.[1] ?? null;
}

const unknownFile = (field: string, id: string) => new AppError('IntegrityError', { fields: [{ field, message: id }] });

/**
 * Files attached to a merchant's record (an inbound order, a ticket message, a return's photos) must be
 * readable by that merchant: a merchant may attach only files it uploaded or that already are its own;
 * files staff upload for the record become the merchant's. A record whose merchant is not known yet
 * (a return before its customer is named) takes only unowned files of staff or of the caller. An
 * unknown or foreign file is refused at its field (`files.{index}.id`). Runs inside the caller's transaction.
 */
export async function attachFiles(
  trx: Kysely<DB>,
  auth: AuthContext,
  merchantId: number | null,
  files: Array<{ id: string }>,
  field = 'files',
  fieldOf: (index: number) => string = (index) => `${field}.${index}.id`,
): Promise<void> {
  if (files.length === 0) return;
  const ids = files.map((f) => f.id);
  const repo = new FilesRepo(trx);
  const record = merchantId === null ? null : TenantScope.merchant(merchantId);
  const allowed = await repo.attachable(ids, record, { anyUnowned: auth.merchantId === null, userId: auth.userId });
  for (const [index, file] of files.entries()) if (!allowed.has(file.id)) throw unknownFile(fieldOf(index), file.id);
  if (merchantId !== null) await repo.giveUnownedTo(ids, merchantId);
}

/**
 * A picture a user may show as its own avatar (issue 15 item 6): one it uploaded itself, or one of its
 * own merchant's. Another tenant's file, a document or a deleted file is refused at `field`, so nobody
 * can pin someone else's upload (which would then block its deletion).
 */
export async function checkOwnPicture(db: Kysely<DB>, auth: AuthContext, url: string, field = 'avatar'): Promise<void> {
  const id = fileIdOf(url);
  const merchant = auth.merchantId === null ? null : TenantScope.merchant(auth.merchantId);
  const own = id ? await new FilesRepo(db).ownPicture(id, auth.userId, merchant) : undefined;
  if (own?.kind !== 'avatar' && own?.kind !== 'image') throw unknownFile(field, id ?? url);
}
