/** The handheld's JSON-in-a-string fields (facts §3.6) as the picklist PUT reads them. */
import { AppError, ruleError } from '../../http/app-error.js';

/** A JSON-in-a-string field as the handheld sends it: the text (parsed), or the value itself. */
export function parsed(value: unknown, field: string): unknown {
  if (typeof value !== 'string') return value;
  if (value.trim() === '') return [];
  try {
    return JSON.parse(value) as unknown;
  } catch {
    throw new AppError('IntegrityError', { fields: [ruleError(field, 'invalid')] });
  }
}
/** JSON with sorted keys: the identity of a print batch whatever order its keys come in (jsonb sorts them). */
export function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value);
}
export const asArray = (value: unknown, field: string): unknown[] => {
  const v = parsed(value, field);
  if (!Array.isArray(v)) throw new AppError('IntegrityError', { fields: [ruleError(field, 'invalid')] });
  return v;
};
