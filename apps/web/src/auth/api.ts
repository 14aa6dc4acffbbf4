import type { UserInfo } from '@kontor/contracts';
import { ROLE_ROUTE_TIMEOUT_MS } from '../api/config.js';
import { request } from '../api/request.js';

/** The sign-in and session calls of spec §7, typed from the contracts. */
export const authApi = {
  captcha: () => request<{ id: string; image: string }>({ url: '/v0/captcha/' }),
  login: (body: { account: string; passwd: string; xxs: string; captcha: string; eid?: string }) =>
    request<{ token: string; loginEnvId: string }>({ url: '/v0/auth/login', method: 'POST', data: body, quiet: true }),
  trusted: (login: string, envId: string) => request<null>({ url: '/v0/auth/_ci', method: 'POST', data: { login, envId }, quiet: true }),
  stat: () => request<UserInfo>({ url: '/v0/auth/stat', quiet: true }),
  routes: () => request<string[]>({ url: '/v0/role/route', timeoutMs: ROLE_ROUTE_TIMEOUT_MS, quiet: true }),
  logout: () => request<string>({ url: '/v0/auth/logout', quiet: true }),
  refresh: () => request<null>({ url: '/v0/auth/refresh' }),
  subAccounts: () => request<Array<{ id: number; code: string; name: string }>>({ url: '/v0/auth/__subId' }),
  setSubAccount: (id: number) => request<null>({ url: '/v0/auth/__subId', method: 'PUT', params: { q: id } }),
  switchRole: (role: string | null) => request<null>({ url: '/v0/auth/role', method: 'PUT', data: { role } }),
  changePassword: (old: string, next: string) => request<null>({ url: '/v0/auth/chpasswd', method: 'PUT', data: { old, new: next }, quiet: true }),
  requestReset: (email: string, xxs: string, captcha: string) =>
    request<null>({ url: '/v0/auth/resetPassword', method: 'POST', data: { email, xxs, captcha }, quiet: true }),
  resetPassword: (token: string, passwd: string, xxs: string, captcha: string) =>
    request<null>({ url: '/v0/auth/resetPassword', method: 'PUT', data: { token, passwd, xxs, captcha }, quiet: true }),
};
