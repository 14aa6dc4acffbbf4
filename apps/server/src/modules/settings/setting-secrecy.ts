/**
 * What of a setting may leave the server (issue 15 §2). The one place that decides it: the config read
 * (`GET /v0/settings/config`), the generic settings list, detail and export, and the audit trail of
 * settings all pass through here.
 *
 * - Public keys: the configuration maps every client needs (facts §2.2: `map:*`, and `sys:merchant`,
 *   spec §7) are read by any signed-in user; every other key needs `sys.settings.list`.
 * - Secrets are never answered, not even to administrators: a value stored under a credentials key
 *   (`sys:carrier.*`, or a key naming a password, secret, token, API or private key, credential) is
 *   masked as a whole; in any other value, every field so named is masked, at any depth.
 * - Secrets are write-only: a record saved back with the mask in a secret's place keeps the stored
 *   secret, so an administrator edits the rest of a setting without retyping (or seeing) its secrets.
 */

export const SECRET_MASK = '********';

const PUBLIC_KEYS = new Set(['sys:merchant']);
const PUBLIC_PREFIXES = ['map:'];
/** Carrier credentials live under this prefix until they get their own encrypted store. */
const CREDENTIAL_PREFIXES = ['sys:carrier.'];
const SECRET_NAME = /passw(or)?d|secret|token|api[-_.]?key|private[-_.]?key|credential/i;

export const isPublicSettingKey = (key: string): boolean => PUBLIC_KEYS.has(key) || PUBLIC_PREFIXES.some((prefix) => key.startsWith(prefix));

/** A key whose whole value is a secret. */
export const isSecretSettingKey = (key: string): boolean => CREDENTIAL_PREFIXES.some((prefix) => key.startsWith(prefix)) || SECRET_NAME.test(key);

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function maskFields(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(maskFields);
  if (!isObject(value)) return value;
  return Object.fromEntries(
    Object.entries(value).map(([field, inner]) => [field, SECRET_NAME.test(field) && inner !== null && inner !== '' ? SECRET_MASK : maskFields(inner)]),
  );
}

/** The value of a setting as it may be shown to anyone, administrators included. */
export function maskSetting(key: string, value: unknown): unknown {
  if (isSecretSettingKey(key)) return value === null || value === undefined ? null : SECRET_MASK;
  return maskFields(value);
}

function keepFields(incoming: unknown, stored: unknown): unknown {
  if (Array.isArray(incoming)) return incoming.map((inner, i) => keepFields(inner, Array.isArray(stored) ? stored[i] : undefined));
  if (!isObject(incoming)) return incoming;
  const before = isObject(stored) ? stored : {};
  return Object.fromEntries(
    Object.entries(incoming).map(([field, inner]) => {
      if (SECRET_NAME.test(field) && inner === SECRET_MASK) return [field, before[field] ?? null];
      return [field, keepFields(inner, before[field])];
    }),
  );
}

/**
 * The value to store when a setting is saved: where the mask stands in a secret's place, the stored
 * secret is kept. Only under the same key: moving a masked secret to another key (a public one) would
 * publish it, so there the mask is taken literally and the secret must be typed again.
 */
export function keepSecrets(key: string, incoming: unknown, stored: { key: string; value: unknown } | null): unknown {
  if (!stored || stored.key !== key) return incoming;
  if (isSecretSettingKey(key)) return incoming === SECRET_MASK ? stored.value : incoming;
  return keepFields(incoming, stored.value);
}
