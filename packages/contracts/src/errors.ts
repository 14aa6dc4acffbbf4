import { ERROR_TEXTS_CN } from './error-texts/cn.js';
import { ERROR_TEXTS_DE } from './error-texts/de.js';
import { ERROR_TEXTS_EN } from './error-texts/en.js';
import { interpolate, type Locale, type Translations } from './locale.js';

/**
 * THE error catalogue. Every envelope code the server may answer, with how the web shows it
 * (toast, or modal for ToFront) and its text in every language. The web's `error.<Code>` keys are
 * made from the same texts. Codes named by the spec (§8) and the original client (facts §6) keep
 * their names. The texts live one language per file (error-texts/{en,cn,de}.json), so that the
 * web's first load carries only the language it shows; cn and de are typed against the English codes,
 * so a code still cannot exist without its three translations.
 */
export const ERROR_CATALOGUE = /* @__PURE__ */ catalogue();

function catalogue(): { readonly [Code in keyof typeof ERROR_TEXTS_EN]: Translations } {
  const codes = Object.keys(ERROR_TEXTS_EN) as Array<keyof typeof ERROR_TEXTS_EN>;
  return Object.fromEntries(codes.map((code) => [code, { en: ERROR_TEXTS_EN[code], cn: ERROR_TEXTS_CN[code], de: ERROR_TEXTS_DE[code] }])) as {
    readonly [Code in keyof typeof ERROR_TEXTS_EN]: Translations;
  };
}

export type ErrorCode = keyof typeof ERROR_CATALOGUE;
export const ERROR_CODES = /* @__PURE__ */ Object.keys(ERROR_TEXTS_EN) as ErrorCode[];

/** Codes the web shows as a modal dialog rather than a toast (spec §8). */
export const MODAL_ERROR_CODES: readonly string[] = ['ToFront'];
/** Codes the web ignores silently (spec §8). */
export const SILENT_ERROR_CODES: readonly string[] = ['CaptchaRequired'];

export function errorText(code: string, locale: Locale, params?: Record<string, unknown>): string {
  const entry = (ERROR_CATALOGUE as Record<string, Translations>)[code] ?? ERROR_CATALOGUE.common;
  return interpolate(entry[locale], params);
}
