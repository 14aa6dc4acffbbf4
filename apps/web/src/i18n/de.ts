import base from './base/de.json' with { type: 'json' };
import type { Messages } from './en.js';

/** German (base/de.json), typed against English: a missing key fails the type check. */
export const de: Messages = base;
