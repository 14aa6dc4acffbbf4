import { describe, expect, it } from 'vitest';
import { ALWAYS_ALLOWED_PATHS, allowedPaths, flattenRoutes, isPathAllowed, ROUTES } from '../src/routes.js';
import { BUILTIN_ROLES } from '../src/roles.js';
import { isKnownPrivilege, PRIVILEGES } from '../src/permissions.js';

describe('route catalogue', () => {
  it('has unique paths, each under its parent', () => {
    const paths = flattenRoutes().map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
    const check = (parent: string, children: typeof ROUTES) => {
      for (const child of children) {
        expect(child.path.startsWith(parent + '/'), child.path).toBe(true);
        check(child.path, child.children ?? []);
      }
    };
    for (const top of ROUTES) check(top.path, top.children ?? []);
  });

  it('keeps the masks the spec names', () => {
    const mask = (path: string) => flattenRoutes().find((r) => r.path === path)?.mask;
    expect(mask('/sales/channels/proxyDelivery/pd-orders')).toBe('p11y.orders.list');
    expect(mask('/wEP/loggingScan')).toBe('wms.loggingScan.view');
    expect(mask('/settings/users/oauth2')).toBe('sys.oauth2.list');
    expect(mask('/mOrders/ordersUPS')).toBe('p11y.ordersUPS.list');
    expect(mask('/meta/quotationPricingConfig')).toBe('a8g.base.quotation.new');
  });

  it('gives every leaf route a mask, except the always-allowed ones', () => {
    for (const route of flattenRoutes().filter((r) => !r.children)) {
      if (ALWAYS_ALLOWED_PATHS.includes(route.path as never)) continue;
      expect(route.mask, route.path).toBeTruthy();
      expect(isKnownPrivilege(route.mask!)).toBe(true);
    }
  });

  it('grants built-in roles only known privileges', () => {
    for (const [name, role] of Object.entries(BUILTIN_ROLES)) for (const p of role.privileges) expect(PRIVILEGES, `${name}: ${p}`).toContain(p);
  });
});

describe('allowed paths (spec §6)', () => {
  it('lets admin see every route', () => {
    const all = allowedPaths(new Set(), true);
    for (const route of flattenRoutes()) expect(all).toContain(route.path);
  });

  it('always allows /home', () => {
    expect(allowedPaths(new Set(), false)).toContain('/home');
  });

  it('allows a leaf by its mask and its ancestors, not its siblings', () => {
    const paths = allowedPaths(new Set(['wms.loggingScan.view']), false, true);
    expect(paths).toContain('/wEP/loggingScan');
    expect(paths).toContain('/wEP');
    expect(paths).not.toContain('/wEP/shippingScan');
    expect(isPathAllowed('/wEP/loggingScan', paths)).toBe(true);
    expect(isPathAllowed('/wEP/loggingScan/123', paths)).toBe(true);
    expect(isPathAllowed('/wEP/shippingScan', paths)).toBe(false);
  });

  it('keeps staff areas from merchants holding the same list privilege', () => {
    const merchant = allowedPaths(new Set(['p11y.orders.list']), false, false);
    expect(merchant).toContain('/mEP/outbound-orders');
    expect(merchant).not.toContain('/eEP/outbound-orders');
    const staff = allowedPaths(new Set(['p11y.orders.list']), false, true);
    expect(staff).toContain('/eEP/outbound-orders');
    expect(staff).not.toContain('/mEP/outbound-orders');
  });
});
