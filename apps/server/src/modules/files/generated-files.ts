import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import { newFileId } from '../../lib/crypto.js';
import { FilesRepo } from './files.repo.js';

/**
 * Documents the server makes itself (carrier labels, issue 17 item 3): stored like an internal upload of
 * the merchant they belong to (staff and that merchant's users may read them at `/v0/static/<id>`), without
 * the upload's content check, since the server wrote the bytes.
 */
export async function storeGeneratedFile(
  db: Kysely<DB>,
  file: { name: string; mime: string; data: Buffer; merchantId: number | null; ownerUserId: number | null },
): Promise<{ id: string; url: string }> {
  const id = newFileId();
  await new FilesRepo(db).insert({ id, kind: 'intern', ...file });
  return { id, url: `/v0/static/${id}` };
}

/** The bytes of stored files by id (the caller has checked who may read them), in the order asked. */
export async function readGeneratedFiles(db: Kysely<DB>, ids: string[]): Promise<Array<{ id: string; mime: string; data: Uint8Array }>> {
  const repo = new FilesRepo(db);
  const out: Array<{ id: string; mime: string; data: Uint8Array }> = [];
  for (const id of ids) {
    const file = await repo.get(id);
    if (file) out.push({ id, mime: file.mime, data: file.data });
  }
  return out;
}
