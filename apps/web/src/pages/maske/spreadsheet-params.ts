/**
 * `/spreadsheet` query parameters (spec §2): `mask`, `pk`, `type`, `fields`, `filter`, `search`.
 * `filter` is a JSON object of field values (or `field=value` pairs joined by `&` or `,`); `pk`
 * narrows to one record by the mask's key. They become the list's own state (`q`, `f.<field>`).
 */
export function spreadsheetToListParams(params: URLSearchParams, pkField: string): URLSearchParams | null {
  const search = params.get('search');
  const filter = params.get('filter');
  const pk = params.get('pk');
  if (search === null && filter === null && pk === null) return null;
  const out = new URLSearchParams();
  for (const key of ['mask', 'fields', 'type']) for (const v of params.getAll(key)) out.append(key, v);
  for (const [key, value] of params) if (!['mask', 'fields', 'type', 'search', 'filter', 'pk'].includes(key)) out.append(key, value);
  if (search) out.set('q', search);
  for (const [key, value] of Object.entries(parseFilter(filter))) out.append(`f.${key}`, value);
  if (pk) out.set(`f.${pkField}`, pk);
  return out;
}

export function parseFilter(filter: string | null): Record<string, string> {
  if (!filter) return {};
  try {
    const parsed = JSON.parse(filter) as unknown;
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
      return Object.fromEntries(
        Object.entries(parsed)
          .filter(([, v]) => v !== null && v !== undefined && v !== '')
          .map(([k, v]) => [k, String(v)]),
      );
    }
  } catch {
    // not JSON: pairs below
  }
  return Object.fromEntries(
    filter
      .split(/[&,]/)
      .map((pair) => pair.split('='))
      .filter((kv): kv is [string, string] => kv.length === 2 && !!kv[0] && !!kv[1])
      .map(([k, v]) => [k.trim(), v.trim()]),
  );
}
