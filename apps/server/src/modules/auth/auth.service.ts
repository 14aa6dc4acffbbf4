import { randomInt } from 'node:crypto';
import { allowedPaths, isStaffType, type LoginBody, type Locale } from '@kontor/contracts';
import type { Core } from '../../core.js';
import type { AuthContext } from '../../http/access.js';
import { AppError } from '../../http/app-error.js';
import { hashToken, newSecret } from '../../lib/crypto.js';
import { AuthRepo } from './auth.repo.js';
import { renderCaptcha } from './captcha-image.js';
import { dummyHash, hashPassword, verifyPassword } from './password.js';
import { resetMail } from './reset-mail.js';

/** A trusted login environment stays trusted this long after its last use. */
const ENV_TRUST_DAYS = 90;
const RESET_TTL_MS = 60 * 60_000;

export interface ClientMeta {
  ip: string;
  userAgent: string;
  locale: Locale;
}

/**
 * Sign-in rules (spec §7, facts §2.1): captcha or a trusted login environment, uniform answers for
 * unknown accounts and wrong passwords, throttling per account and per address, password change and
 * reset by mail. Sessions themselves belong to SessionService.
 */
export class AuthService {
  private readonly repo: AuthRepo;

  constructor(private readonly core: Core) {
    this.repo = new AuthRepo(core.db);
  }

  async issueCaptcha(): Promise<{ id: string; image: string }> {
    const answer = this.core.config.CAPTCHA_FIXED ?? String(randomInt(0, 10_000)).padStart(4, '0');
    const id = newSecret(16);
    await this.repo.insertCaptcha(id, answer, new Date(Date.now() + this.core.config.CAPTCHA_TTL_SECONDS * 1000));
    if (Math.random() < 0.05) await this.repo.purgeExpiredCaptchas();
    return { id, image: renderCaptcha(answer) };
  }

  /** True when the captcha exists, is unexpired and matches; it is spent either way. */
  private async captchaMatches(id: string, text: string): Promise<boolean> {
    const row = await this.repo.takeCaptcha(id);
    if (!row || row.expires_at.getTime() < Date.now()) return false;
    return text.trim().toLowerCase() === row.answer.toLowerCase() && text.trim() !== '';
  }

  /**
   * Counts this attempt as a failure before anything is verified (issue 15 §4): under a lock per key,
   * the failures in the window are counted and, below the limit, this attempt's rows are written in
   * the same transaction. So N parallel attempts pass one at a time and at most the limit of them
   * reach the password check, on PostgreSQL with a pool as on the embedded database. Answers the ids
   * of the rows written; a sign-in that succeeds removes them again.
   */
  private async claimAttempt(account: string, ip: string): Promise<number[]> {
    const { config } = this.core;
    const windowMs = config.LOGIN_ACCOUNT_WINDOW_MINUTES * 60_000;
    const limits = [
      [`account:${account}`, config.LOGIN_MAX_FAILURES_PER_ACCOUNT],
      [`ip:${ip}`, config.LOGIN_MAX_FAILURES_PER_ADDRESS],
    ] as const;
    const keys = limits.map(([key]) => key);
    return this.core.db.transaction().execute(async (trx) => {
      await this.repo.lockKeys(trx, keys);
      const since = new Date(Date.now() - windowMs);
      for (const [key, max] of limits) {
        const { n, oldest } = await this.repo.failuresSince(key, since, trx);
        if (n >= max) {
          const unlockAt = (oldest ? new Date(oldest).getTime() : Date.now()) + windowMs;
          const minutes = Math.max(1, Math.ceil((unlockAt - Date.now()) / 60_000));
          throw new AppError('TooManyAttempts', { params: { minutes }, extra: { retryAfter: minutes * 60 } });
        }
      }
      return this.repo.recordFailure(keys, trx);
    });
  }

  async login(body: Required<Pick<LoginBody, 'account' | 'passwd'>> & { xxs: string; captcha: string; eid?: string | null }, meta: ClientMeta) {
    if (!body.xxs) throw new AppError('IntegrityError');
    // From here on the attempt counts as a failure unless it succeeds.
    const attempt = await this.claimAttempt(body.account, meta.ip);
    const user = await this.repo.userByAccount(body.account);
    const captchaOk = await this.captchaMatches(body.xxs, body.captcha);
    const envTrusted = !captchaOk && !!body.eid && !!user && !!(await this.repo.trustedEnv(body.eid, user.id, this.trustCutoff()));
    if (!captchaOk && !envTrusted) throw new AppError('CaptchaNotMatchError');
    // Verify against a dummy hash for unknown accounts, so both answers take the same time.
    const passwordOk = await verifyPassword(user?.passwordHash ?? (await dummyHash()), body.passwd);
    if (!user || !passwordOk || user.disabled || user.merchantDisabled) throw new AppError('LoginError');
    // Success: the account's failures are forgiven; this attempt leaves no count for the address either.
    await this.repo.deleteFailures(attempt);
    await this.repo.clearFailures(`account:${body.account}`);
    const loginEnvId = envTrusted && body.eid ? body.eid : newSecret(16);
    await this.repo.upsertEnv(loginEnvId, user.id, meta.userAgent);
    const session = await this.core.sessions.create(user.id, { ip: meta.ip, userAgent: meta.userAgent, loginEnvId });
    return { token: session.token, loginEnvId };
  }

  /** `_ci`: is this login environment trusted for the account (then the captcha field is hidden)? */
  async checkTrust(account: string, envId: string): Promise<void> {
    const user = await this.repo.userByAccount(account);
    const trusted = !!envId && !!user && !user.disabled && !!(await this.repo.trustedEnv(envId, user.id, this.trustCutoff()));
    if (!trusted) throw new AppError('LoginError');
  }

  private trustCutoff(): Date {
    return new Date(Date.now() - ENV_TRUST_DAYS * 86_400_000);
  }

  async userInfo(auth: AuthContext, token: string) {
    const profile = await this.repo.profile(auth.userId);
    const sub = auth.subMerchantId !== null ? await this.repo.merchantName(auth.subMerchantId) : null;
    const { heldRoles } = await this.core.sessions.resolveRoles(auth.userId, null);
    return {
      id: auth.userId,
      account: auth.account,
      name: auth.name,
      email: profile.email,
      roles: auth.roles,
      heldRoles,
      privileges: [...auth.privileges].sort(),
      loginIp: auth.loginIp,
      subId: auth.subMerchantId ?? 0,
      merchantId: auth.merchantId ?? auth.subMerchantId,
      merchantName: profile.merchantName ?? sub?.name ?? null,
      avatar: profile.avatar,
      token,
      createdAt: auth.createdAt.getTime(),
      introduction: profile.introduction,
      type: auth.type,
      printShipment: auth.printShipment,
      language: auth.language,
    };
  }

  routesOf(auth: AuthContext): string[] {
    return allowedPaths(auth.privileges, auth.isAdmin, isStaffType(auth.type));
  }

  /**
   * The old password is a password check like sign-in's: a stolen session must not be a way to guess
   * it, so each try counts against the same per-account and per-address limits, before it is verified.
   */
  async changePassword(auth: AuthContext, oldPassword: string, newPassword: string, ip: string): Promise<void> {
    const attempt = await this.claimAttempt(auth.account, ip);
    const row = await this.repo.passwordHash(auth.userId);
    if (!row || !(await verifyPassword(row.password_hash, oldPassword))) throw new AppError('WrongPassword');
    await this.repo.deleteFailures(attempt);
    await this.repo.setPassword(auth.userId, await hashPassword(newPassword));
    // Other sessions of this user end; the one that changed the password stays.
    await this.core.sessions.revokeUser(auth.userId, 'password-changed', auth.sessionId);
  }

  /**
   * Reset request: answers the same whether or not the address is known (no account probing); a
   * known, enabled user gets a mail with a one-hour, single-use link.
   */
  async requestReset(email: string, xxs: string, captcha: string, meta: ClientMeta): Promise<void> {
    if (!(await this.captchaMatches(xxs, captcha))) throw new AppError('CaptchaNotMatchError');
    const user = await this.repo.userByAccountOrEmail(email);
    if (!user || user.disabled) return;
    const token = newSecret();
    await this.repo.insertReset(hashToken(token), user.id, new Date(Date.now() + RESET_TTL_MS));
    const link = `${this.core.config.PUBLIC_URL.replace(/\/$/, '')}/resetPassword?token=${encodeURIComponent(token)}`;
    const to = user.email || user.account;
    await this.core.mailer.send({ to, ...resetMail(user.language ? (user.language as Locale) : meta.locale, link) });
  }

  async resetPassword(token: string, password: string, xxs: string, captcha: string): Promise<void> {
    if (!(await this.captchaMatches(xxs, captcha))) throw new AppError('CaptchaNotMatchError');
    const passwordHash = await hashPassword(password);
    const userId = await this.core.db.transaction().execute(async (trx) => {
      const reset = await this.repo.useReset(hashToken(token), trx);
      if (!reset) return null;
      await this.repo.setPassword(reset.user_id, passwordHash, trx);
      return reset.user_id;
    });
    if (userId === null) throw new AppError('InvalidToken');
    await this.core.sessions.revokeUser(userId, 'password-reset');
  }

  async subAccounts() {
    return this.repo.merchants();
  }

  async setSubAccount(auth: AuthContext, merchantId: number): Promise<void> {
    if (!auth.isAdmin) throw new AppError('NoPermission');
    if (merchantId !== 0 && !(await this.repo.merchantName(merchantId))) throw new AppError('NotFound');
    await this.core.sessions.setSubMerchant(auth, merchantId === 0 ? null : merchantId);
  }
}
