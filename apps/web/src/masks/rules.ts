import { validationText, type Locale } from '@kontor/contracts';
import type { Rule } from 'antd/es/form';
import type { FormItemSpec } from './derive.js';

/** The antd form rules of a field, worded with the same validation texts the server uses. */
export function formRules(spec: FormItemSpec, locale: Locale): Rule[] {
  const field = spec.label;
  const extra: Rule[] = spec.field.lines ? [linesRule(spec, locale)] : [];
  return extra.concat(
    spec.rules.map((rule): Rule => {
      switch (rule.kind) {
        case 'required':
          return { required: true, message: validationText('required', locale, { field }) };
        case 'pattern':
          return { pattern: new RegExp(rule.pattern!), message: validationText('invalid', locale, { field }) };
        case 'min':
          return { type: 'number', min: rule.min, message: validationText('tooSmall', locale, { field, min: rule.min }) };
        case 'max':
          return { type: 'number', max: rule.max, message: validationText('tooBig', locale, { field, max: rule.max }) };
        case 'minLength':
          return { min: rule.min, message: validationText('tooShort', locale, { field, min: rule.min }) };
        default:
          return { max: rule.max, message: validationText('tooLong', locale, { field, max: rule.max }) };
      }
    }),
  );
}

/** Every line with an item has a whole quantity of at least 1 (lines without an item are dropped when saving). */
function linesRule(spec: FormItemSpec, locale: Locale): Rule {
  const { itemKey, quantityKey } = spec.field.lines!;
  return {
    validator: (_rule, value: unknown) => {
      const lines = Array.isArray(value) ? (value as Array<Record<string, unknown>>) : [];
      const bad = lines.some((l) => {
        const quantity = l[quantityKey];
        return l[itemKey] != null && (typeof quantity !== 'number' || !Number.isInteger(quantity) || quantity < 1);
      });
      return bad ? Promise.reject(new Error(validationText('invalid', locale, { field: spec.label }))) : Promise.resolve();
    },
  };
}
