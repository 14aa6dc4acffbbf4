import { ADMIN_ROLE, PRIVILEGES } from '@kontor/contracts';
import type { Kysely } from 'kysely';
import type { Config } from '../../config.js';
import type { DB } from '../../db/types.js';
import type { AuthContext } from '../../http/access.js';
import type { Bus } from '../../lib/bus.js';
import { hashToken, newSecret } from '../../lib/crypto.js';
import { SessionRepo } from './session.repo.js';

const REVOKED = 'auth.sessions-revoked';
const USER_CHANGED = 'auth.user-changed';
/** How long a resolved session is trusted from memory before it is read again. */
const CACHE_TTL_MS = 30_000;
/** The idle clock is written to the database at most this often per session. */
const TOUCH_EVERY_MS = 30_000;

interface CacheEntry {
  ctx: AuthContext;
  expiresAt: number;
  lastSeen: number;
  lastPersisted: number;
  fetchedAt: number;
}

/**
 * Sessions (spec §4, §7; issue 2 §4): opaque bearer tokens stored hashed, a sliding idle timeout and an
 * absolute lifetime. Resolved sessions are cached in memory so the auth hook costs no query on most
 * requests; revocations and user changes are broadcast on the bus, so every instance drops them at once.
 */
export class SessionService {
  readonly repo: SessionRepo;
  private cache = new Map<string, CacheEntry>();
  private listeners: Array<(sessionIds: number[]) => void> = [];
  private userListeners: Array<(userId: number) => void> = [];

  constructor(
    private readonly db: Kysely<DB>,
    private readonly config: Config,
    private readonly bus: Bus,
  ) {
    this.repo = new SessionRepo(db);
    bus.subscribe(REVOKED, (msg) => this.forgetSessions((msg as { ids: number[] }).ids));
    bus.subscribe(USER_CHANGED, (msg) => this.forgetUser((msg as { userId: number }).userId));
  }

  get idleMs(): number {
    return this.config.SESSION_IDLE_MINUTES * 60_000;
  }

  /** Called with the ids of revoked sessions (the realtime server disconnects their sockets). */
  onRevoked(listener: (sessionIds: number[]) => void): void {
    this.listeners.push(listener);
  }

  /** Called on every process when a user's roles, privileges or flags changed (sockets re-join their rooms). */
  onUserChanged(listener: (userId: number) => void): void {
    this.userListeners.push(listener);
  }

  async create(userId: number, meta: { ip: string; userAgent: string; loginEnvId: string | null }, db?: Kysely<DB>) {
    const token = newSecret();
    const expiresAt = new Date(Date.now() + this.config.SESSION_MAX_HOURS * 3_600_000);
    const row = await this.repo.insert({ tokenHash: hashToken(token), userId, expiresAt, ...meta }, db);
    return { token, sessionId: row.id, createdAt: row.created_at };
  }

  /** A client-credentials token (OAuth2): a session of the client's service user holding only `scopes`. */
  async createClientToken(userId: number, oauthClientId: number, scopes: string[], lifetimeMs: number, meta: { ip: string; userAgent: string }) {
    const token = newSecret();
    const expiresAt = new Date(Date.now() + lifetimeMs);
    await this.repo.insert({ tokenHash: hashToken(token), userId, expiresAt, ip: meta.ip, userAgent: meta.userAgent, loginEnvId: null, scopes, oauthClientId });
    return { token, expiresAt };
  }

  /** The caller behind a token, or null when it is missing, unknown, revoked, idle or past its lifetime. */
  /**
   * `background` marks a call the console makes on its own (a counter's poll): it is authenticated
   * but does not count as the user's activity, so polling never keeps an abandoned console signed in.
   */
  async authenticate(token: string | undefined | null, background = false): Promise<AuthContext | null> {
    if (!token || token.length > 200) return null;
    return this.authenticateHash(hashToken(token), background);
  }

  /**
   * The same by the token's hash (a socket keeps only the hash). The one definition of a live session:
   * a session found past its lifetime or idle is revoked here, which ends its sockets on every process.
   */
  async authenticateHash(tokenHash: string, background = false): Promise<AuthContext | null> {
    const now = Date.now();
    let entry = this.cache.get(tokenHash);
    if (!entry || now - entry.fetchedAt > CACHE_TTL_MS || now - entry.lastSeen > this.idleMs) {
      entry = (await this.load(tokenHash, entry)) ?? undefined;
      if (!entry) {
        this.cache.delete(tokenHash);
        return null;
      }
      this.cache.set(tokenHash, entry);
    }
    if (now >= entry.expiresAt || now - entry.lastSeen > this.idleMs) {
      this.cache.delete(tokenHash);
      await this.revoke(entry.ctx.sessionId, now >= entry.expiresAt ? 'expired' : 'idle');
      return null;
    }
    if (background) return entry.ctx;
    entry.lastSeen = now;
    if (now - entry.lastPersisted > TOUCH_EVERY_MS) {
      entry.lastPersisted = now;
      await this.repo.touch(entry.ctx.sessionId, new Date(now));
    }
    return entry.ctx;
  }

  /** Restarts the idle clock now (spec §4 keep-me-in-session, `GET /v0/auth/refresh`). */
  async refresh(ctx: AuthContext): Promise<void> {
    const entry = this.cache.get(ctx.tokenHash);
    const now = Date.now();
    if (entry) {
      entry.lastSeen = now;
      entry.lastPersisted = now;
    }
    await this.repo.touch(ctx.sessionId, new Date(now));
  }

  async revoke(sessionId: number, reason: string): Promise<void> {
    await this.repo.revoke(sessionId, reason);
    await this.bus.publish(REVOKED, { ids: [sessionId] });
  }

  async revokeUser(userId: number, reason: string, exceptSessionId?: number): Promise<number[]> {
    const ids = await this.repo.revokeUser(userId, reason, exceptSessionId);
    if (ids.length) await this.bus.publish(REVOKED, { ids });
    return ids;
  }

  /** A user's roles, privileges, type or tenant changed: every instance re-reads them. */
  async userChanged(userId: number): Promise<void> {
    await this.bus.publish(USER_CHANGED, { userId });
  }

  async setSubMerchant(ctx: AuthContext, merchantId: number | null): Promise<void> {
    await this.repo.setSubMerchant(ctx.sessionId, merchantId);
    this.cache.delete(ctx.tokenHash);
  }

  async setActiveRole(ctx: AuthContext, role: string | null): Promise<void> {
    await this.repo.setActiveRole(ctx.sessionId, role);
    this.cache.delete(ctx.tokenHash);
  }

  /** Effective roles and privileges of a user, optionally narrowed to one role it holds. */
  async resolveRoles(userId: number, activeRole: string | null) {
    const rows = await this.repo.roleNamesAndPrivileges(userId);
    const held = [...new Set(rows.map((r) => r.name))].sort();
    const roles = activeRole && held.includes(activeRole) ? [activeRole] : held;
    const isAdmin = roles.includes(ADMIN_ROLE);
    const privileges = isAdmin ? new Set(PRIVILEGES) : new Set(rows.filter((r) => roles.includes(r.name) && r.privilege).map((r) => r.privilege as string));
    return { roles, heldRoles: held, isAdmin, privileges };
  }

  private async load(tokenHash: string, previous: CacheEntry | undefined): Promise<CacheEntry | null> {
    const row = await this.repo.findLiveByHash(tokenHash);
    if (!row || row.disabled || row.merchantDisabled) return null;
    // A client token (OAuth2) carries exactly its scopes; any other session its user's roles.
    const scoped = Array.isArray(row.scopes) ? row.scopes : null;
    const { roles, isAdmin, privileges } = scoped
      ? { roles: [] as string[], isAdmin: false, privileges: new Set(scoped.filter((p) => PRIVILEGES.includes(p))) }
      : await this.resolveRoles(row.userId, row.activeRole);
    const lastSeen = Math.max(row.lastSeenAt.getTime(), previous?.lastSeen ?? 0);
    const ctx: AuthContext = {
      sessionId: row.sessionId,
      tokenHash,
      userId: row.userId,
      account: row.account,
      name: row.name,
      type: row.type,
      merchantId: row.merchantId,
      subMerchantId: row.merchantId === null ? row.subMerchantId : null,
      roles,
      privileges,
      isAdmin,
      printShipment: row.printShipment,
      language: row.language,
      createdAt: row.createdAt,
      loginIp: row.loginIp,
    };
    const now = Date.now();
    return { ctx, expiresAt: row.expiresAt.getTime(), lastSeen, lastPersisted: row.lastSeenAt.getTime(), fetchedAt: now };
  }

  private forgetSessions(ids: number[]): void {
    const set = new Set(ids);
    for (const [key, entry] of this.cache) if (set.has(entry.ctx.sessionId)) this.cache.delete(key);
    for (const listener of this.listeners) listener(ids);
  }

  private forgetUser(userId: number): void {
    for (const [key, entry] of this.cache) if (entry.ctx.userId === userId) this.cache.delete(key);
    for (const listener of this.userListeners) listener(userId);
  }
}
