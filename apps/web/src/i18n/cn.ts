import base from './base/cn.json' with { type: 'json' };
import type { Messages } from './en.js';

/** Simplified Chinese (base/cn.json), typed against English: a missing key fails the type check. */
export const cn: Messages = base;
