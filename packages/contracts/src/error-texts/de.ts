import texts from './de.json' with { type: 'json' };
import type { ERROR_TEXTS_EN } from './en.js';

/** German texts of the error catalogue (de.json), one for every English code (the type makes a missing one fail). */
export const ERROR_TEXTS_DE: Record<keyof typeof ERROR_TEXTS_EN, string> = texts;
