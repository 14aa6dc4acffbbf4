import type { Locale } from '@kontor/contracts';
import { setLanguage } from '../../i18n/index.js';

/** Applies a language at once and remembers it locally (issue 3 §9). */
export function useLanguageChange() {
  return (locale: Locale) => void setLanguage(locale);
}
