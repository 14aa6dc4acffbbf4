import { issueRule, type IssueRule } from '@kontor/contracts/validation-issue';
import type { Rule } from 'antd/es/form';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';

/** How a form field differs from its request field. */
export interface FieldRuleOptions {
  /** What the form holds turned into what the request sends (a date picker's day into `YYYY-MM-DD`, …). */
  toRequest?: (value: unknown) => unknown;
  /** The form always sends the field, though the request may leave it out (it has a default). */
  required?: boolean;
  /**
   * A screen's own words for a rule, where the specification fixes them (spec §5's "Please enter the …")
   * or a format is better named than "is invalid" ("Enter a time as HH:MM").
   */
  messages?: Partial<Record<IssueRule['rule'], string>>;
}

/** Nothing entered: no value, a blank text or an empty list. */
const isEmpty = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '') || (Array.isArray(value) && value.length === 0);

/** A field the request may leave out (`.optional()`, `.nullish()`, a default). */
export const isOptional = (schema: z.ZodType) => schema.safeParse(undefined).success;

/**
 * The rule a form value breaks, checked against the contracts' schema of its field as the server checks
 * it, or undefined when it fits. Nothing entered is `required` when the schema refuses it (a blank text
 * where the schema wants one, an empty list where it wants an entry), or when the form says so.
 */
export function fieldProblem(schema: z.ZodType, value: unknown, required?: boolean): IssueRule | undefined {
  if (isEmpty(value) && required !== undefined) return required ? { rule: 'required' } : undefined;
  // zod names the input of an issue only when asked: without it a wrong value would read as a missing one.
  const result = schema.safeParse(value, { reportInput: true });
  if (result.success) return undefined;
  if (isEmpty(value)) return { rule: 'required' };
  return issueRule(result.error.issues[0]!.code, result.error.issues[0]!);
}

/**
 * antd rules of one form field from the contracts' schema of the field the request sends: the same check
 * the server makes, worded with the field's label as the web words the server's field errors
 * (`validation.<rule>`), in the user's language.
 */
export function fieldRules(schema: z.ZodType, label: string, t: TFunction, options: FieldRuleOptions = {}): Rule[] {
  const { toRequest = (v: unknown) => v, required, messages = {} } = options;
  return [
    {
      required: required ?? !isOptional(schema),
      validator: async (_rule, value: unknown) => {
        const problem = fieldProblem(schema, isEmpty(value) ? value : toRequest(value), required);
        if (problem) throw new Error(messages[problem.rule] ?? t(`validation.${problem.rule}`, { ...problem.params, field: label }));
      },
    },
  ];
}

/**
 * Rules for the fields of one request schema (the sign-in pages keep antd's own rules: zod is not in their
 * first load, which is within 5 KB of its 250 KB budget): `const rulesOf = useSchemaRules(ticketCreateSchema)`, then
 * `rules={rulesOf('subject', t('tickets.subject'))}`.
 */
export function useSchemaRules<S extends z.ZodObject>(schema: S) {
  const { t } = useTranslation();
  return (field: keyof S['shape'] & string, label: string, options?: FieldRuleOptions) => fieldRules(schema.shape[field] as z.ZodType, label, t, options);
}
