import { ROLE_ROUTE_TIMEOUT_MS } from '../api/config.js';
import { api } from '../api/request.js';

/** The sign-in and session calls of spec §7; their answers are typed by the contracts' response table. */
export const authApi = {
  captcha: () => api('GET /v0/captcha/'),
  login: (body: { account: string; passwd: string; xxs: string; captcha: string; eid?: string }) => api('POST /v0/auth/login', { data: body, quiet: true }),
  trusted: (login: string, envId: string) => api('POST /v0/auth/_ci', { data: { login, envId }, quiet: true }),
  stat: () => api('GET /v0/auth/stat', { quiet: true }),
  routes: () => api('GET /v0/role/route', { timeoutMs: ROLE_ROUTE_TIMEOUT_MS, quiet: true }),
  logout: () => api('GET /v0/auth/logout', { quiet: true }),
  refresh: () => api('GET /v0/auth/refresh'),
  subAccounts: () => api('GET /v0/auth/__subId'),
  setSubAccount: (id: number) => api('PUT /v0/auth/__subId', { params: { q: id } }),
  switchRole: (role: string | null) => api('PUT /v0/auth/role', { data: { role } }),
  changePassword: (old: string, next: string) => api('PUT /v0/auth/chpasswd', { data: { old, new: next }, quiet: true }),
  requestReset: (email: string, xxs: string, captcha: string) => api('POST /v0/auth/resetPassword', { data: { email, xxs, captcha }, quiet: true }),
  resetPassword: (token: string, passwd: string, xxs: string, captcha: string) =>
    api('PUT /v0/auth/resetPassword', { data: { token, passwd, xxs, captcha }, quiet: true }),
};
