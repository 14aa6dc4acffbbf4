import { create } from 'zustand';

export interface VisitedTab {
  /** The tab's identity: the path without query (shell items 62, 64, 65). */
  path: string;
  /** Where the tab leads: path and the latest query it was opened with. */
  fullPath: string;
  screenPath: string;
  titleKey: string;
  affix: boolean;
  noCache: boolean;
  /** Bumped to remount the tab's screen (Refresh). */
  version: number;
}

const HOME: VisitedTab = { path: '/home', fullPath: '/home', screenPath: '/home', titleKey: 'route.home', affix: true, noCache: false, version: 0 };

/** Pages that are never kept alive however they are declared (issue 3: `/maske/edit`). */
const NEVER_CACHED = [/^\/maske\/edit/];

/**
 * How many pages stay mounted (cached) at most, least recently used first out (issue 15 §16; the
 * original's keep-alive kept 10). Tabs beyond it stay in the tab bar but are unmounted, and their
 * screen mounts fresh when the tab is activated again. See docs/decisions.md.
 */
export const MAX_CACHED_PAGES = 10;

/** The cache after `path` was used: moved to the most recent end, the oldest dropped beyond the limit. */
function touch(cached: readonly string[], path: string): string[] {
  const next = [...cached.filter((p) => p !== path), path];
  return next.slice(Math.max(0, next.length - MAX_CACHED_PAGES));
}

interface TabsState {
  tabs: VisitedTab[];
  /** Paths of the mounted (cached) pages, least recently used first; never more than MAX_CACHED_PAGES. */
  cached: string[];
  visit(tab: Omit<VisitedTab, 'version'>): void;
  refresh(path: string): void;
  close(path: string): string | null;
  closeOthers(path: string): void;
  closeAll(): void;
  reset(): void;
}

/**
 * The visited-tabs row: Home is affixed and cannot be closed; the most recently used cached tabs
 * (at most MAX_CACHED_PAGES) keep their screen mounted (and so their state) while hidden; Refresh
 * remounts a tab.
 */
export const useTabs = create<TabsState>((set, get) => ({
  tabs: [HOME],
  cached: [HOME.path],
  visit(tab) {
    const noCache = tab.noCache || NEVER_CACHED.some((re) => re.test(tab.path));
    const { tabs, cached } = get();
    const nextCached = noCache ? cached : touch(cached, tab.path);
    const existing = tabs.find((t) => t.path === tab.path);
    if (existing) {
      const nextTabs = existing.fullPath !== tab.fullPath ? tabs.map((t) => (t.path === tab.path ? { ...t, fullPath: tab.fullPath } : t)) : tabs;
      const sameCache = nextCached.length === cached.length && nextCached.every((p, i) => p === cached[i]);
      if (nextTabs !== tabs || !sameCache) set({ tabs: nextTabs, cached: sameCache ? cached : nextCached });
      return;
    }
    set({ tabs: [...tabs, { ...tab, noCache, version: 0 }], cached: nextCached });
  },
  refresh(path) {
    set({ tabs: get().tabs.map((t) => (t.path === path ? { ...t, version: t.version + 1 } : t)) });
  },
  /** Closes a tab; answers where to go if it was the active one: the last remaining tab (shell item 68). */
  close(path) {
    const tabs = get().tabs;
    const index = tabs.findIndex((t) => t.path === path);
    if (index < 0 || tabs[index]!.affix) return null;
    const next = tabs.filter((t) => t.path !== path);
    set({ tabs: next, cached: get().cached.filter((p) => p !== path) });
    return (next.at(-1) ?? HOME).fullPath;
  },
  closeOthers(path) {
    const tabs = get().tabs.filter((t) => t.affix || t.path === path);
    set({ tabs, cached: get().cached.filter((p) => tabs.some((t) => t.path === p)) });
  },
  closeAll() {
    const tabs = get().tabs.filter((t) => t.affix);
    set({ tabs, cached: get().cached.filter((p) => tabs.some((t) => t.path === p)) });
  },
  reset() {
    set({ tabs: [HOME], cached: [HOME.path] });
  },
}));
