import Cookies from 'js-cookie';

/** The session token lives in the session cookie `Admin-Token` (spec §3, shell item 94); its creation time beside it (spec §4 403 flow). */
const TOKEN_COOKIE = 'Admin-Token';
const CREATED_KEY = 'kontor.tokenCreatedAt';
const ENV_PREFIX = 'eid:';

export const tokenStore = {
  get: (): string | null => Cookies.get(TOKEN_COOKIE) ?? null,
  set(token: string, createdAt = Date.now()) {
    Cookies.set(TOKEN_COOKIE, token, { sameSite: 'strict', secure: location.protocol === 'https:' });
    localStorage.setItem(CREATED_KEY, String(createdAt));
  },
  clear() {
    Cookies.remove(TOKEN_COOKIE);
    localStorage.removeItem(CREATED_KEY);
  },
  createdAt: (): number => Number(localStorage.getItem(CREATED_KEY) ?? 0) || 0,
};

/** Trusted login environments, one per account (facts §2.1: key `eid:<account>`). */
export const loginEnvStore = {
  get: (account: string) => localStorage.getItem(ENV_PREFIX + account.trim().toLowerCase()),
  set: (account: string, envId: string) => localStorage.setItem(ENV_PREFIX + account.trim().toLowerCase(), envId),
  forget: (account: string) => localStorage.removeItem(ENV_PREFIX + account.trim().toLowerCase()),
};
