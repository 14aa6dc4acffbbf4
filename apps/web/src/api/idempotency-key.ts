/**
 * A key per physical scan (architecture rule 8). crypto.randomUUID exists only in secure contexts;
 * scanners on the warehouse network may open the console over plain http, so fall back to
 * getRandomValues, which exists everywhere.
 */
export function newKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
