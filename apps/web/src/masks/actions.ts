import type { FetchStep, Mask, MaskAction } from '@kontor/contracts/masks';
import { call, type Method } from '../api/request.js';

type Row = Record<string, unknown>;

/**
 * The call of one fetch step for one record (spec §3 mask "next steps of type fetch with api,
 * method and pk"): `{field}` placeholders in the api take the record's values; without one, the
 * record key goes along as `{pk: value}` (parameters for GET, body otherwise).
 */
export function stepCall(step: FetchStep, mask: Mask, row: Row): { url: string; method: Method; q?: Record<string, unknown> } {
  const key = step.pk ?? mask.pk;
  let used = false;
  const url = step.api.replace(/\{(\w+)\}/g, (_, name: string) => {
    used = true;
    return encodeURIComponent(String(row[name] ?? ''));
  });
  const method = (step.method ?? 'GET').toUpperCase() as Method;
  const version = method === 'DELETE' && typeof row.version === 'number' ? `${url.includes('?') ? '&' : '?'}version=${row.version}` : '';
  return used ? { url: url + version, method } : { url, method, q: { [key]: row[key] } };
}

/** Runs an action's steps for each record in turn; stops at the first refusal, which the request layer shows. */
export async function runAction(action: MaskAction, mask: Mask, rows: Row[]): Promise<number> {
  let done = 0;
  for (const row of rows) {
    for (const step of action.next) {
      const { url, method, q } = stepCall(step, mask, row);
      await call(url, method, q);
    }
    done++;
  }
  return done;
}
