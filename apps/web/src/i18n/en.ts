import base from './base/en.json' with { type: 'json' };

/**
 * English texts of the sign-in page and the shell (base/en.json): the source shape every other language
 * must match key for key. The screens behind sign-in have theirs per domain (screens-en.ts).
 */
export const en = base;

export type Messages = typeof en;
