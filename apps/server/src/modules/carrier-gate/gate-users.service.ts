import type { Page } from '@kontor/contracts';
import type { GateUserCreate, GateUserUpdate } from '@kontor/contracts/domains/carrier-gate';
import type { GateKey, GateUser } from '@kontor/contracts/domains/carrier-gate-responses';
import type { Core } from '../../core.js';
import type { AuthContext } from '../../http/access.js';
import { AppError } from '../../http/app-error.js';
import { hashToken, newSecret } from '../../lib/crypto.js';
import { decodeCursor, keysetPage } from '../../lib/cursor.js';
import { gateUsersRepo, type GateKeyRow, type GateUserRow } from './gate-users.repo.js';

const json = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;
const time = (value: Date | null) => value as unknown as string;
/** Keys start with `kgk_`, so a leaked one is recognisable in a log or a repository scan. */
const KEY_PREFIX = 'kgk_';

export function toGateUser(row: GateUserRow): GateUser {
  return {
    id: Number(row.id),
    company: row.company,
    contact: row.contact,
    email: row.email,
    phone: row.phone,
    address: json<GateUser['address']>(row.address),
    marginBp: row.margin_bp,
    marginFixedMinor: row.margin_fixed_minor,
    currency: row.currency,
    carriers: json<GateUser['carriers']>(row.carriers),
    products: json<string[]>(row.products),
    active: row.active,
    language: row.language,
    activeKeys: Number(row.active_keys),
    labels: Number(row.labels),
    createdAt: time(row.created_at),
    updatedAt: time(row.updated_at),
    version: row.version,
  };
}

function toKey(row: GateKeyRow): GateKey {
  return {
    id: Number(row.id),
    gateUserId: Number(row.gate_user_id),
    name: row.name,
    prefix: row.prefix,
    createdAt: time(row.created_at),
    lastUsedAt: time(row.last_used_at),
    revokedAt: time(row.revoked_at),
  };
}

/** Gate users are the company's customers, never a merchant's: a merchant session gets no answer. */
function mustBeCompany(auth: AuthContext): void {
  if (auth.merchantId !== null) throw new AppError('NoPermission');
}

/** Stored address: optional fields left empty are dropped, as the carriers' stored shipper. */
function storedAddress(address: GateUserCreate['address']): Record<string, string> {
  return Object.fromEntries(Object.entries(address).filter(([, v]) => v !== '')) as Record<string, string>;
}

/**
 * Gate users and their API keys (issue 17 item 8; docs/carrier-gate.md). A key is answered once, when it
 * is made, and stored only as its SHA-256; the API authenticates a request by that hash.
 */
export class GateUsersService {
  constructor(private readonly core: Pick<Core, 'db'>) {}

  async list(
    auth: AuthContext,
    query: { l: number; o?: string | undefined; q?: string | undefined; active?: 'true' | 'false' | undefined },
  ): Promise<Page<GateUser>> {
    mustBeCompany(auth);
    const filter = { q: query.q?.trim() || undefined, active: query.active === undefined ? undefined : query.active === 'true' };
    const page = keysetPage(await gateUsersRepo.list(this.core.db, { ...filter, cursor: decodeCursor(query.o), limit: query.l }), query.l);
    return { total: await gateUsersRepo.count(this.core.db, filter), next: page.next, data: page.data.map(toGateUser) };
  }

  async get(auth: AuthContext | null, id: number): Promise<GateUser> {
    if (auth) mustBeCompany(auth);
    const row = await gateUsersRepo.get(this.core.db, id);
    if (!row) throw new AppError('NotFound');
    return toGateUser(row);
  }

  async create(auth: AuthContext, input: GateUserCreate): Promise<GateUser> {
    mustBeCompany(auth);
    const id = await gateUsersRepo.insert(this.core.db, {
      company: input.company,
      contact: input.contact,
      email: input.email,
      phone: input.phone,
      address: storedAddress(input.address),
      margin_bp: input.marginBp,
      margin_fixed_minor: input.marginFixedMinor,
      currency: input.currency,
      carriers: input.carriers,
      products: input.products,
      active: input.active,
      language: input.language,
    });
    return this.get(null, id);
  }

  async update(auth: AuthContext, id: number, input: GateUserUpdate): Promise<GateUser> {
    mustBeCompany(auth);
    const changed = await gateUsersRepo.update(this.core.db, id, {
      ...(input.company !== undefined ? { company: input.company } : {}),
      ...(input.contact !== undefined ? { contact: input.contact } : {}),
      ...(input.email !== undefined ? { email: input.email } : {}),
      ...(input.phone !== undefined ? { phone: input.phone } : {}),
      ...(input.address !== undefined ? { address: storedAddress(input.address) } : {}),
      ...(input.marginBp !== undefined ? { margin_bp: input.marginBp } : {}),
      ...(input.marginFixedMinor !== undefined ? { margin_fixed_minor: input.marginFixedMinor } : {}),
      ...(input.currency !== undefined ? { currency: input.currency } : {}),
      ...(input.carriers !== undefined ? { carriers: input.carriers } : {}),
      ...(input.products !== undefined ? { products: input.products } : {}),
      ...(input.active !== undefined ? { active: input.active } : {}),
      ...(input.language !== undefined ? { language: input.language } : {}),
    });
    if (!changed) throw new AppError('NotFound');
    return this.get(null, id);
  }

  async keys(auth: AuthContext, gateUserId: number): Promise<GateKey[]> {
    await this.get(auth, gateUserId);
    return (await gateUsersRepo.keys(this.core.db, gateUserId)).map(toKey);
  }

  /** A new key, answered this once. */
  async createKey(auth: AuthContext, gateUserId: number, name: string): Promise<GateKey & { key: string }> {
    await this.get(auth, gateUserId);
    const key = KEY_PREFIX + newSecret(32);
    const id = await gateUsersRepo.insertKey(this.core.db, { gateUserId, name, prefix: key.slice(0, 10), hash: hashToken(key) });
    return { ...toKey((await gateUsersRepo.key(this.core.db, id))!), key };
  }

  async revokeKey(auth: AuthContext, keyId: number): Promise<GateKey> {
    mustBeCompany(auth);
    const existing = await gateUsersRepo.key(this.core.db, keyId);
    if (!existing) throw new AppError('NotFound');
    await gateUsersRepo.revokeKey(this.core.db, keyId);
    return toKey((await gateUsersRepo.key(this.core.db, keyId))!);
  }

  /** The gate user of a request's key (`X-Api-Key`, or `Authorization: Bearer kgk_…`); ApiKeyInvalid otherwise. */
  async authenticate(headers: Record<string, string | string[] | undefined>): Promise<number> {
    const key = keyOf(headers);
    if (!key) throw new AppError('ApiKeyInvalid');
    const found = await gateUsersRepo.byKeyHash(this.core.db, hashToken(key));
    if (!found) throw new AppError('ApiKeyInvalid');
    await gateUsersRepo.touchKey(this.core.db, Number(found.key_id));
    return Number(found.gate_user_id);
  }
}

function keyOf(headers: Record<string, string | string[] | undefined>): string | null {
  const explicit = headers['x-api-key'];
  if (typeof explicit === 'string' && explicit.trim()) return explicit.trim().slice(0, 200);
  const authorization = headers.authorization;
  if (typeof authorization === 'string' && /^Bearer kgk_/i.test(authorization)) return authorization.slice(7).trim().slice(0, 200);
  return null;
}
