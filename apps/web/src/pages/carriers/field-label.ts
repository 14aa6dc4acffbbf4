import type { TFunction } from 'i18next';
import { textOf } from '../../api/field-errors.js';

/** A driver's credential or option field in the user's words; a field of a new driver shows its own name. */
export const driverFieldLabel = (t: TFunction, name: string) => textOf(t, `carriers.fields.${name}`) ?? name;
