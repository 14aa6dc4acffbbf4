import type { Core } from '../../core.js';
import type { AuthContext } from '../../http/access.js';

import { AppError, ruleError } from '../../http/app-error.js';
import { newFileId } from '../../lib/crypto.js';
import { cursorTime, keysetPage } from '../../lib/cursor.js';
import { audit } from '../admin/index.js';
import { FilesRepo } from './files.repo.js';
import { ALLOWED, servedType, sniff, type FileKind } from './sniff.js';
import { TenantScope, tenantAllows } from '../../db/tenant-scope.js';

export interface StoredFile {
  id: string;
  url: string;
  name: string;
  size: number;
  mime: string;
}

/** A name safe to store and to send back: no path, no control characters, bounded length. */
function cleanName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? 'file';
  return (
    [...base]
      .filter((ch) => ch.charCodeAt(0) >= 0x20 && ch.charCodeAt(0) !== 0x7f)
      .join('')
      .slice(-200) || 'file'
  );
}

/** Uploads and downloads (issue 2 §8): types by content, visibility by tenant and staff. */
export class FilesService {
  private readonly repo: FilesRepo;

  constructor(private readonly core: Core) {
    this.repo = new FilesRepo(core.db);
  }

  /** The files screen (issue 4 §4): uploads with who and when, in the session's tenant scope. */
  async list(auth: AuthContext, query: { l: number; o?: string; q?: string; kind?: string }) {
    const [time, id] = (query.o ?? '').split('~');
    const at = cursorTime(time);
    const after = at && id ? { at, id } : null;
    const rows = await this.repo.list({ merchantScope: TenantScope.of(auth), q: query.q?.trim() || undefined, kind: query.kind, after, limit: query.l });
    const page = keysetPage(rows, query.l);
    return { data: page.data.map((r) => ({ ...r, url: `/v0/static/${r.id}` })), next: page.next };
  }

  /** Deletes a file for good from every screen; a picture still used as someone's avatar is refused. */
  async remove(auth: AuthContext, id: string) {
    const file = await this.repo.get(id);
    const scope = TenantScope.of(auth);
    if (!file || file.kind === 'job' || !tenantAllows(scope, file.merchant_id)) throw new AppError('NotFound');
    const user = await this.repo.usedAsAvatar(id);
    if (user) throw new AppError('InUse', { fields: [ruleError('id', 'avatarInUse', { account: user.account })] });
    await this.core.db.transaction().execute(async (trx) => {
      await this.repo.softDelete(trx, id);
      const { data: _data, ...meta } = file;
      await audit(trx, auth, 'delete', 'file', id, meta, null);
    });
  }

  async upload(auth: AuthContext, kind: FileKind, name: string, data: Buffer): Promise<StoredFile> {
    const sniffed = sniff(data);
    if (!sniffed || !ALLOWED[kind].includes(sniffed)) throw new AppError('UnsupportedFile');
    const id = newFileId();
    const clean = cleanName(name);
    const mime = servedType(sniffed, clean);
    await this.repo.insert({ id, kind, name: clean, mime, data, ownerUserId: auth.userId, merchantId: TenantScope.of(auth).merchantId });
    const url = `/v0/static/${id}`;
    if (kind === 'avatar') await this.repo.setAvatar(auth.userId, url);
    return { id, url, name: clean, size: data.length, mime };
  }

  /**
   * Avatars are visible to every signed-in user (a user's picture goes wherever the user is shown), and
   * so are pictures staff uploaded for no merchant; a merchant's pictures and internal documents to
   * staff and to the users of the merchant they belong to (architecture rule 5); job results to their
   * owner only.
   */
  async read(auth: AuthContext, id: string) {
    const file = await this.repo.get(id);
    if (!file) throw new AppError('NotFound');
    const staff = auth.type > 100;
    const tenant = staff || (file.merchant_id !== null && file.merchant_id === auth.merchantId) || file.owner_user_id === auth.userId;
    const visible =
      file.kind === 'avatar' ||
      (file.kind === 'image' && (file.merchant_id === null || tenant)) ||
      (file.kind === 'intern' && tenant) ||
      (file.kind === 'job' && file.owner_user_id === auth.userId);
    if (!visible) throw new AppError('NotFound');
    return file;
  }
}
