import cn from './texts/cn.json' with { type: 'json' };
import de from './texts/de.json' with { type: 'json' };
import en from './texts/en.json' with { type: 'json' };
import type { LabelLanguage } from './logistics-labels.js';

type DocumentTexts = typeof en;
/** Chinese and German typed against English: a missing text fails the type check. */
const TEXTS: Record<LabelLanguage, DocumentTexts> = { en, cn, de };

/** The printed texts of one A4 document in every language (one JSON catalogue per language: texts/{en,cn,de}.json). */
export function documentTexts<D extends keyof DocumentTexts>(document: D): Record<LabelLanguage, DocumentTexts[D]> {
  return { en: TEXTS.en[document], cn: TEXTS.cn[document], de: TEXTS.de[document] };
}
