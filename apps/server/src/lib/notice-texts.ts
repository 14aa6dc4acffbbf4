import type { Locale } from '@kontor/contracts';
import cn from './notice-texts/cn.json' with { type: 'json' };
import de from './notice-texts/de.json' with { type: 'json' };
import en from './notice-texts/en.json' with { type: 'json' };

/** The texts of the notices the server sends on its own (a `msg`, a mail). */
export type NoticeTexts = typeof en;
/** Chinese and German typed against English: a missing text fails the type check. */
const TEXTS: Record<Locale, NoticeTexts> = { en, cn, de };

/**
 * The server's notice texts in one language (one JSON catalogue per language: notice-texts/{en,cn,de}.json;
 * placeholders `{name}`, filled with `interpolate` of the contracts); an unknown language reads English.
 */
export function noticeTexts(locale: Locale | string | null | undefined): NoticeTexts {
  return TEXTS[locale as Locale] ?? TEXTS.en;
}
