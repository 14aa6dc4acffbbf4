import { interpolate, type Locale, type Translations } from './locale.js';
import cn from './validation-texts/cn.json' with { type: 'json' };
import de from './validation-texts/de.json' with { type: 'json' };
import en from './validation-texts/en.json' with { type: 'json' };

type Rule = keyof typeof en;
/** Chinese and German typed against English: a rule without its translation fails the type check. */
const TEXTS: Record<Locale, Record<Rule, string>> = { en, cn, de };

/**
 * Texts of validation rules, used for field errors on the server and in forms: one JSON catalogue per
 * language (validation-texts/{en,cn,de}.json), joined here rule by rule.
 */
export const VALIDATION_TEXTS = /* @__PURE__ */ Object.fromEntries(
  (Object.keys(en) as Rule[]).map((rule) => [rule, { en: TEXTS.en[rule], cn: TEXTS.cn[rule], de: TEXTS.de[rule] }]),
) as { readonly [R in Rule]: Translations };

export function validationText(key: keyof typeof VALIDATION_TEXTS, locale: Locale, params?: Record<string, unknown>) {
  return interpolate(VALIDATION_TEXTS[key][locale], params);
}
