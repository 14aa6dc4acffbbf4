import { validationText, type Locale } from '@kontor/contracts';
import type { Rule } from 'antd/es/form';
import type { FormItemSpec } from './derive.js';

/** The antd form rules of a field, worded with the same validation texts the server uses. */
export function formRules(spec: FormItemSpec, locale: Locale): Rule[] {
  const field = spec.label;
  return spec.rules.map((rule): Rule => {
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
  });
}
