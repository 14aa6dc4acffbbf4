import { flattenRoutes, isPathAllowed, ROUTES, USER_TYPES, UTILITY_PATHS, type RouteDef } from '@kontor/contracts';
import { SCREENS, screenKey } from '../screens/registry.js';

const FLAT = flattenRoutes();
const BY_PATH = new Map(FLAT.map((r) => [r.path, r]));

/** Titles of screens bound to utility paths, which the route table does not list. */
const UTILITY_TITLES: Record<string, string> = { '/maske': 'route.maske', '/maske/edit': 'route.maskeEdit', '/spreadsheet': 'route.spreadsheet' };

/** The route definition and screen for a location path: exact, else the longest screen prefix. */
export function matchScreen(pathname: string): { route: RouteDef; screenPath: string } | null {
  const clean = pathname.replace(/\/+$/, '') || '/';
  let best: string | null = null;
  for (const path of Object.keys(SCREENS)) {
    if ((clean === path || clean.startsWith(path + '/')) && (!best || path.length > best.length)) best = path;
  }
  if (!best) return null;
  return { route: BY_PATH.get(best) ?? { path: best, titleKey: UTILITY_TITLES[best] ?? 'route.home' }, screenPath: best };
}

export function isKnownRoute(pathname: string): boolean {
  const clean = pathname.replace(/\/+$/, '') || '/';
  return FLAT.some((r) => clean === r.path || clean.startsWith(r.path + '/'));
}

/** Utility routes (spec §2) open for every signed-in user; what they show is checked by the server. */
const isUtility = (pathname: string) => UTILITY_PATHS.some((p) => pathname === p || pathname.startsWith(p + '/'));

export function canOpen(pathname: string, allowed: readonly string[] | null, isAdmin: boolean): boolean {
  if (isAdmin || isUtility(pathname)) return true;
  return !!allowed && isPathAllowed(pathname, allowed);
}

/** The chain of route definitions from the top group down to `path` (breadcrumb). */
export function ancestorsOf(path: string, routes: RouteDef[] = ROUTES, trail: RouteDef[] = []): RouteDef[] | null {
  for (const route of routes) {
    if (route.path === path) return [...trail, route];
    if (route.children) {
      const found = ancestorsOf(path, route.children, [...trail, route]);
      if (found) return found;
    }
  }
  return null;
}

/**
 * Where a group path leads (spec §2: `/eEP` redirects to receiving-orders, storehouse to warehouse,
 * roles to list): its declared redirect when this session may open it, else the first screen below it
 * the session may open, in menu order. A redirect to a group is followed. Null when the path is not a
 * group or nothing below it can be opened.
 */
export function groupTarget(pathname: string, allowed: readonly string[] | null, isAdmin: boolean): string | null {
  const clean = pathname.replace(/\/+$/, '') || '/';
  const group = BY_PATH.get(clean);
  if (!group?.children?.length) return null;
  const openable = (path: string) => path in SCREENS && canOpen(path, allowed, isAdmin);
  if (group.redirect && group.redirect !== clean) {
    const declared = BY_PATH.get(group.redirect);
    if (declared?.children?.length) {
      const inner = groupTarget(declared.path, allowed, isAdmin);
      if (inner) return inner;
    } else if (openable(group.redirect)) return group.redirect;
  }
  const first = (routes: RouteDef[]): string | null => {
    for (const route of routes) {
      if (route.hidden) continue;
      const found = route.children ? first(route.children) : openable(route.path) ? route.path : null;
      if (found) return found;
    }
    return null;
  };
  return first(group.children);
}

/** The endpoint area that is a user type's own (spec §2): its screens win over the same screen elsewhere. */
const HOME_AREA: Record<number, string> = {
  [USER_TYPES.merchant]: '/mEP',
  [USER_TYPES.warehouse]: '/wEP',
  [USER_TYPES.station]: '/wEP',
  [USER_TYPES.employee]: '/eEP',
  [USER_TYPES.admin]: '/eEP',
};

function openableLeaves(routes: RouteDef[], allowed: readonly string[] | null, isAdmin: boolean): string[] {
  return routes.flatMap((route) =>
    route.hidden
      ? []
      : route.children
        ? openableLeaves(route.children, allowed, isAdmin)
        : route.path in SCREENS && canOpen(route.path, allowed, isAdmin)
          ? [route.path]
          : [],
  );
}

/**
 * The menu tree: routes with a bound screen somewhere below them that this session may open, each
 * screen once (issue 15 item 12). Where several paths show the same screen (`/wms/item` and
 * `/mEP/item`, the outbound lists of `/eEP`, `/mEP` and proxy delivery), the one in the user type's own
 * area is kept, else the first in menu order; the others stay reachable by address.
 */
export function menuRoutes(allowed: readonly string[] | null, isAdmin: boolean, userType?: number, routes: RouteDef[] = ROUTES): RouteDef[] {
  const leaves = openableLeaves(routes, allowed, isAdmin);
  const home = userType === undefined ? undefined : HOME_AREA[userType];
  const ordered = home ? [...leaves.filter((p) => p.startsWith(home + '/')), ...leaves.filter((p) => !p.startsWith(home + '/'))] : leaves;
  const shown = new Set<string>();
  const seen = new Set<string>();
  for (const path of ordered) {
    const key = screenKey(path);
    if (seen.has(key)) continue;
    seen.add(key);
    shown.add(path);
  }
  const build = (list: RouteDef[]): RouteDef[] =>
    list.flatMap((route) => {
      if (route.hidden) return [];
      if (!route.children) return shown.has(route.path) ? [route] : [];
      const children = build(route.children);
      return children.length ? [{ ...route, children }] : [];
    });
  return build(routes);
}
