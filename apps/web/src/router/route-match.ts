import { flattenRoutes, isPathAllowed, ROUTES, UTILITY_PATHS, type RouteDef } from '@kontor/contracts';
import { SCREENS } from '../screens/registry.js';

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

/** The menu tree: routes with a bound screen somewhere below them that this session may open. */
export function menuRoutes(allowed: readonly string[] | null, isAdmin: boolean, routes: RouteDef[] = ROUTES): RouteDef[] {
  const out: RouteDef[] = [];
  for (const route of routes) {
    if (route.hidden) continue;
    if (route.children) {
      const children = menuRoutes(allowed, isAdmin, route.children);
      if (children.length) out.push({ ...route, children });
    } else if (route.path in SCREENS && canOpen(route.path, allowed, isAdmin)) {
      out.push(route);
    }
  }
  return out;
}
