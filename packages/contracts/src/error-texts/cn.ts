import texts from './cn.json' with { type: 'json' };
import type { ERROR_TEXTS_EN } from './en.js';

/** Simplified Chinese texts of the error catalogue (cn.json), one for every English code (the type makes a missing one fail). */
export const ERROR_TEXTS_CN: Record<keyof typeof ERROR_TEXTS_EN, string> = texts;
