import type { UserInfo } from '@kontor/contracts';
import { create } from 'zustand';
import { sessionCache } from '../api/session-cache.js';
import { authApi } from './api.js';
import { useTabs } from '../layout/tabs.js';
import { tokenStore } from './token.js';

interface AuthState {
  token: string | null;
  user: UserInfo | null;
  /** Console paths this session may open (null until loaded). */
  allowed: string[] | null;
  signIn(token: string): void;
  /** One user-info call and the route list after sign-in or reload. */
  load(): Promise<UserInfo>;
  /** Reloads user and routes after a sub-account or role switch. */
  reload(): Promise<void>;
  /** Clears the session locally; tells the server when `remote`. */
  signOut(remote?: boolean): Promise<void>;
}

export const useAuth = create<AuthState>((set, get) => ({
  token: tokenStore.get(),
  user: null,
  allowed: null,
  signIn(token) {
    // Lists and records cached for another session must never show in this one (architecture rule 5).
    sessionCache.clear();
    tokenStore.set(token);
    set({ token, user: null, allowed: null });
  },
  async load() {
    const [user, allowed] = await Promise.all([authApi.stat(), authApi.routes()]);
    if (!user) throw new Error('empty');
    set({ user, allowed });
    return user;
  },
  async reload() {
    await get().load();
    // Another merchant or role sees other rows: nothing read before the switch may show after it.
    await sessionCache.reset();
  },
  async signOut(remote = true) {
    if (remote && get().token) await authApi.logout().catch(() => undefined);
    tokenStore.clear();
    sessionCache.clear();
    useTabs.getState().reset();
    set({ token: null, user: null, allowed: null });
  },
}));
