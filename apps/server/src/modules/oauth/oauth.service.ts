import { CLIENT_TOKEN_SECONDS, type OauthClientCreate, type OauthClientUpdate } from '@kontor/contracts/domains/oauth';
import { USER_TYPES } from '@kontor/contracts';
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Core } from '../../core.js';
import { type AuthContext } from '../../http/access.js';
import { AppError, ruleError } from '../../http/app-error.js';
import { newSecret } from '../../lib/crypto.js';
import { audit, serviceUsers } from '../admin/index.js';
import { hashPassword } from '../auth/index.js';
import { OauthRepo } from './oauth.repo.js';
import { TenantScope, tenantAllows } from '../../db/tenant-scope.js';

/** Why a token request failed, in RFC 6749 §5.2 terms; the route answers it as that standard says. */
export class TokenError extends Error {
  constructor(
    readonly error: 'invalid_request' | 'invalid_client' | 'unsupported_grant_type' | 'invalid_scope',
    readonly status: 400 | 401,
  ) {
    super(error);
  }
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
/** The secret is 256 random bits, so a plain SHA-256 suffices (no password stretching needed). */
const secretMatches = (secret: string, hash: string) => {
  const a = Buffer.from(sha256(secret), 'hex');
  const b = Buffer.from(hash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * OAuth2 clients (issue 4 §4): each has a service user that owns its tokens and its audit rows; a
 * token is a session holding only the client's scopes and its merchant. Scopes can only be granted by
 * someone holding them, and a merchant-scoped session creates clients for its own merchant only.
 */
export class OauthService {
  private readonly repo: OauthRepo;

  constructor(private readonly core: Core) {
    this.repo = new OauthRepo(core.db);
  }

  async list(auth: AuthContext) {
    return this.repo.list(TenantScope.of(auth));
  }

  private async get(auth: AuthContext, id: number) {
    const row = await this.repo.byId(TenantScope.of(auth), id);
    if (!row) throw new AppError('NotFound');
    return row;
  }

  private checkScopes(auth: AuthContext, scopes: string[]) {
    const missing = scopes.filter((s) => !auth.isAdmin && !auth.privileges.has(s));
    if (missing.length) throw new AppError('NoPermission', { fields: [{ field: 'scopes', message: missing.join(', ') }] });
  }

  async create(auth: AuthContext, body: OauthClientCreate) {
    this.checkScopes(auth, body.scopes);
    const scope = TenantScope.of(auth);
    const merchantId = scope.merchantId ?? body.merchantId;
    if (body.merchantId !== null && !tenantAllows(scope, body.merchantId)) throw new AppError('NoPermission');
    if (merchantId !== null && !(await this.repo.merchantExists(merchantId))) {
      throw new AppError('IntegrityError', { fields: [ruleError('merchantId', 'unknownRecord', { value: merchantId })] });
    }
    const clientId = `kc_${newSecret(12)}`;
    const secret = newSecret(32);
    const id = await this.core.db.transaction().execute(async (trx) => {
      const serviceUserId = await serviceUsers.create(trx, {
        account: `${clientId.toLowerCase()}@oauth.invalid`,
        name: body.name,
        passwordHash: await hashPassword(newSecret(32)),
        type: merchantId === null ? USER_TYPES.employee : USER_TYPES.merchant,
        merchantId,
      });
      const id = await OauthRepo.insertClient(trx, { clientId, secretHash: sha256(secret), name: body.name, scopes: body.scopes, merchantId, serviceUserId });
      await audit(trx, auth, 'create', 'oauthClient', id, null, { clientId, name: body.name, scopes: body.scopes, merchantId });
      return id;
    });
    return { client: await this.get(auth, id), secret };
  }

  async update(auth: AuthContext, id: number, body: OauthClientUpdate) {
    const before = await this.get(auth, id);
    if (body.scopes) this.checkScopes(auth, body.scopes);
    await this.core.db.transaction().execute(async (trx) => {
      if (!(await OauthRepo.update(trx, id, body.version, body))) throw new AppError('Conflict');
      await audit(trx, auth, 'update', 'oauthClient', id, before, { ...before, ...body });
    });
    // New scopes or a disabled client: its tokens end now, and new ones carry the new scopes.
    if (body.scopes || body.disabled) await this.core.sessions.revokeUser(before.serviceUserId, 'client-changed');
    return this.get(auth, id);
  }

  async rotateSecret(auth: AuthContext, id: number) {
    const client = await this.get(auth, id);
    const secret = newSecret(32);
    await this.core.db.transaction().execute(async (trx) => {
      await OauthRepo.setSecretHash(trx, id, sha256(secret));
      await audit(trx, auth, 'update', 'oauthClient', id, { secret: 'previous' }, { secret: 'rotated' });
    });
    await this.core.sessions.revokeUser(client.serviceUserId, 'secret-rotated');
    return { client: await this.get(auth, id), secret };
  }

  async remove(auth: AuthContext, id: number) {
    const client = await this.get(auth, id);
    await this.core.db.transaction().execute(async (trx) => {
      // The client goes; its service user stays, disabled, for the audit trail.
      await OauthRepo.remove(trx, id);
      await serviceUsers.disable(trx, client.serviceUserId);
      await audit(trx, auth, 'delete', 'oauthClient', id, client, null);
    });
    await this.core.sessions.revokeUser(client.serviceUserId, 'client-deleted');
  }

  /** RFC 6749 §4.4: client credentials in, a bearer token limited to the client's (or fewer) scopes out. */
  async token(request: { grantType?: string; clientId?: string; clientSecret?: string; scope?: string; ip: string; userAgent: string }) {
    if (!request.grantType) throw new TokenError('invalid_request', 400);
    if (request.grantType !== 'client_credentials') throw new TokenError('unsupported_grant_type', 400);
    if (!request.clientId || !request.clientSecret) throw new TokenError('invalid_client', 401);
    const client = await this.repo.byClientId(request.clientId);
    if (!client || client.disabled || !secretMatches(request.clientSecret, client.secret_hash)) throw new TokenError('invalid_client', 401);
    const granted = client.scopes as string[];
    const asked = request.scope ? request.scope.split(' ').filter(Boolean) : granted;
    if (asked.some((s) => !granted.includes(s))) throw new TokenError('invalid_scope', 400);
    const { token } = await this.core.sessions.createClientToken(client.service_user_id, client.id, asked, CLIENT_TOKEN_SECONDS * 1000, request);
    await this.repo.touch(client.id);
    return { access_token: token, token_type: 'Bearer', expires_in: CLIENT_TOKEN_SECONDS, scope: asked.join(' ') };
  }
}
