import type { TFunction } from 'i18next';

/** A role as users read it: the built-in roles translated (issue 15 §15), others by their own name. */
export const roleLabel = (t: TFunction, name: string): string => t(`roleNames.${name}`, { defaultValue: name });
