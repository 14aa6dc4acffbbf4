import { beforeEach, describe, expect, it } from 'vitest';
import { MAX_CACHED_PAGES, useTabs } from './tabs.js';

const open = (path: string, noCache = false) =>
  useTabs.getState().visit({ path, fullPath: path, screenPath: path, titleKey: `route.${path}`, affix: false, noCache });

describe('tab cache (issue 15 §16)', () => {
  beforeEach(() => useTabs.getState().reset());

  it('keeps at most MAX_CACHED_PAGES pages mounted, dropping the least recently used, while every tab stays', () => {
    expect(MAX_CACHED_PAGES).toBe(10);
    for (let i = 1; i <= 14; i++) open(`/p${i}`);
    const { tabs, cached } = useTabs.getState();
    expect(tabs).toHaveLength(15);
    expect(cached).toHaveLength(MAX_CACHED_PAGES);
    expect(cached).toEqual(Array.from({ length: 10 }, (_, i) => `/p${i + 5}`));
    expect(cached).not.toContain('/home');
  });

  it('counts a revisit as use: the revisited page survives and the next oldest goes', () => {
    for (let i = 1; i <= 9; i++) open(`/p${i}`);
    expect(useTabs.getState().cached).toHaveLength(10);
    open('/home');
    open('/p10');
    const { cached } = useTabs.getState();
    expect(cached).toContain('/home');
    expect(cached).not.toContain('/p1');
    expect(cached.at(-1)).toBe('/p10');
  });

  it('re-caches an evicted tab when it is activated again', () => {
    for (let i = 1; i <= 12; i++) open(`/p${i}`);
    expect(useTabs.getState().cached).not.toContain('/p1');
    open('/p1');
    expect(useTabs.getState().cached.at(-1)).toBe('/p1');
    expect(useTabs.getState().cached).toHaveLength(MAX_CACHED_PAGES);
  });

  it('never caches not-cached pages and forgets closed tabs', () => {
    open('/a', true);
    open('/maske/edit');
    open('/b');
    expect(useTabs.getState().cached).toEqual(['/home', '/b']);
    useTabs.getState().close('/b');
    expect(useTabs.getState().cached).toEqual(['/home']);
    open('/c');
    open('/d');
    useTabs.getState().closeOthers('/c');
    expect(useTabs.getState().cached).toEqual(['/home', '/c']);
    useTabs.getState().closeAll();
    expect(useTabs.getState().cached).toEqual(['/home']);
  });
});
