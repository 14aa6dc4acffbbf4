/** The three interface languages (spec §1). `cn` is Simplified Chinese. */
export const LOCALES = ['en', 'cn', 'de'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** Maps a browser or header language tag to one of ours; English is the fallback. */
export function toLocale(tag: string | null | undefined): Locale {
  const t = (tag ?? '').trim().toLowerCase();
  if (t.startsWith('zh') || t === 'cn') return 'cn';
  if (t.startsWith('de')) return 'de';
  return 'en';
}

/** Picks the first supported language from an Accept-Language header. */
export function localeFromAcceptLanguage(header: string | null | undefined): Locale {
  if (!header) return DEFAULT_LOCALE;
  for (const part of header.split(',')) {
    const tag = part.split(';')[0]?.trim().toLowerCase() ?? '';
    if (tag.startsWith('zh') || tag.startsWith('de') || tag.startsWith('en') || tag === 'cn') return toLocale(tag);
  }
  return DEFAULT_LOCALE;
}

export type Translations = Record<Locale, string>;

/** Replaces {name} placeholders. */
export function interpolate(text: string, params?: Record<string, unknown>): string {
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (m, k: string) => (k in params ? String(params[k]) : m));
}
