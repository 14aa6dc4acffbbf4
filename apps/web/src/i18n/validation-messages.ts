import { VALIDATION_TEXTS, type Locale } from '@kontor/contracts';

/**
 * The rules of field errors (`validation.required` …) in one language: the web words a server's field
 * error with the field's label. Loaded with the screen texts, so the sign-in page does not carry them.
 */
export function validationMessages(locale: Locale) {
  const validation = Object.fromEntries(Object.entries(VALIDATION_TEXTS).map(([rule, texts]) => [rule, texts[locale].replace(/\{(\w+)\}/g, '{{$1}}')]));
  return { validation };
}
