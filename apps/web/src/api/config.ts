/**
 * Where the console sends its calls (spec §7): the API base address (empty = the console's own origin)
 * and the carrier-gate address that replaces the CARRIER_GATE_PREFIX placeholder in a call's url.
 */
export const API_BASE: string = import.meta.env.VITE_API_BASE ?? '';
export const CARRIER_GATE_BASE: string = import.meta.env.VITE_CARRIER_GATE ?? '';
export const CARRIER_GATE_PREFIX = '@carrier-gate';
export const SSO_URL: string = import.meta.env.VITE_SSO_URL ?? '';

export const DEFAULT_TIMEOUT_MS = 60_000;
export const ROLE_ROUTE_TIMEOUT_MS = 2_700;
export const NETWORK_RETRIES = 3;
export const TOAST_SECONDS = 5;

export function resolveUrl(url: string): string {
  if (url.startsWith(CARRIER_GATE_PREFIX)) return CARRIER_GATE_BASE.replace(/\/$/, '') + url.slice(CARRIER_GATE_PREFIX.length);
  if (/^https?:\/\//.test(url)) return url;
  return API_BASE.replace(/\/$/, '') + url;
}
