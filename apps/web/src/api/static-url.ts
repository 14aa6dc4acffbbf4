import { resolveUrl } from './config.js';
import { requestHooks } from './hooks.js';

/** The address of a stored file for an <img> or a link: pictures cannot send X-Token, so it rides along as x_token. */
export function staticUrl(url: string): string {
  if (!url.startsWith('/v0/')) return url;
  const token = requestHooks().token();
  return resolveUrl(url) + (token ? `${url.includes('?') ? '&' : '?'}x_token=${encodeURIComponent(token)}` : '');
}
