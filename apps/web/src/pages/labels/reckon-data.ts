/**
 * `/printItemlist/{reckonData}` (spec §2): the path's last part is a JSON-encoded parameter naming the
 * picklist to print. The original passed an object; Kontor accepts the forms a link or a handheld may
 * carry: a picklist id (`12`, `{"id":12}`, `{"picklistId":12}`) or its number (`{"unid":"PL20260001"}`,
 * `"PL20260001"`). Anything else is not a picklist.
 */
export type PicklistRef = { id: number } | { unid: string } | null;

export function parseReckonData(segment: string): PicklistRef {
  let text: string;
  try {
    text = decodeURIComponent(segment);
  } catch {
    return null; // a malformed address
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    // A bare picklist number is not valid JSON; take it as it is.
    value = text;
  }
  if (typeof value === 'number') return idOf(value);
  if (typeof value === 'string') return /^\d+$/.test(value) ? idOf(Number(value)) : unidOf(value);
  if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    const id = record.id ?? record.picklistId;
    if (typeof id === 'number' || (typeof id === 'string' && /^\d+$/.test(id))) return idOf(Number(id));
    const unid = record.unid ?? record.code;
    if (typeof unid === 'string') return unidOf(unid);
  }
  return null;
}

const idOf = (id: number): PicklistRef => (Number.isSafeInteger(id) && id > 0 ? { id } : null);
const unidOf = (unid: string): PicklistRef => (/^[A-Za-z0-9-]{1,40}$/.test(unid.trim()) ? { unid: unid.trim().toUpperCase() } : null);
