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

interface TabsState {
  tabs: VisitedTab[];
  visit(tab: Omit<VisitedTab, 'version'>): void;
  refresh(path: string): void;
  close(path: string): string | null;
  closeOthers(path: string): void;
  closeAll(): void;
  reset(): void;
}

/**
 * The visited-tabs row: Home is affixed and cannot be closed; cached tabs keep their screen mounted
 * (and so their state) while hidden; Refresh remounts a tab.
 */
export const useTabs = create<TabsState>((set, get) => ({
  tabs: [HOME],
  visit(tab) {
    const noCache = tab.noCache || NEVER_CACHED.some((re) => re.test(tab.path));
    const existing = get().tabs.find((t) => t.path === tab.path);
    if (existing) {
      if (existing.fullPath !== tab.fullPath) set({ tabs: get().tabs.map((t) => (t.path === tab.path ? { ...t, fullPath: tab.fullPath } : t)) });
      return;
    }
    set({ tabs: [...get().tabs, { ...tab, noCache, version: 0 }] });
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
    set({ tabs: next });
    return (next.at(-1) ?? HOME).fullPath;
  },
  closeOthers(path) {
    set({ tabs: get().tabs.filter((t) => t.affix || t.path === path) });
  },
  closeAll() {
    set({ tabs: get().tabs.filter((t) => t.affix) });
  },
  reset() {
    set({ tabs: [HOME] });
  },
}));
