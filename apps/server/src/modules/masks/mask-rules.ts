import { MASK_KINDS, parseMask, type Mask, type MaskProblem } from '@kontor/contracts/masks';

export type StoredMask = { ok: true; screen: Mask | null; text: string } | { ok: false; problems: MaskProblem[] };

/**
 * What a stored mask may be (facts §2.2): a screen definition, recognised by its `kind` and validated
 * by the contracts' schema with its name matching; or a configuration document the clients read as
 * they are (an array of print steps, an object of options) that must at least be a JSON object or array.
 */
export function checkStoredMask(name: string, input: unknown): StoredMask {
  let value = input;
  if (typeof input === 'string') {
    try {
      value = JSON.parse(input);
    } catch (err) {
      return { ok: false, problems: [{ path: 'mask', message: `not valid JSON: ${(err as Error).message}` }] };
    }
  }
  if (!value || typeof value !== 'object') return { ok: false, problems: [{ path: 'mask', message: 'must be a JSON object or array' }] };
  const text = JSON.stringify(value, null, 2);
  const kind = (value as { kind?: unknown }).kind;
  if (Array.isArray(value) || kind === undefined) return { ok: true, screen: null, text };
  if (!(MASK_KINDS as readonly unknown[]).includes(kind)) return { ok: false, problems: [{ path: 'kind', message: `one of ${MASK_KINDS.join(', ')}` }] };
  const parsed = parseMask(value);
  if (!parsed.ok) return parsed;
  if (parsed.mask.name !== name) return { ok: false, problems: [{ path: 'name', message: `must be ${name}` }] };
  return { ok: true, screen: parsed.mask, text };
}
