import texts from './en.json' with { type: 'json' };

/** English texts of the error catalogue (errors.ts, en.json): every code the server may answer. */
export const ERROR_TEXTS_EN = texts;
