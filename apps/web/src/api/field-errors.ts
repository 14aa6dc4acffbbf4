import type { TFunction } from 'i18next';
import type { FieldProblem } from './errors.js';

/**
 * Field errors in the user's words (issue 15 item 13): the server names a field by its path
 * (`consignee.name1`) and, for rule failures, the rule (`required`) with its bounds. A screen gives
 * the label of a path; the rule is worded again with that label, so no raw field name reaches the user.
 */
export type LabelOf = (field: string) => string | undefined;

/** The text of a translation key when it is a text (not a group of keys), else undefined. */
export function textOf(t: TFunction, key: string): string | undefined {
  const value: unknown = t(key, { returnObjects: true, defaultValue: '' });
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** The last named part of a path (`lines.0.sku` → `sku`). */
export const leafOf = (field: string) =>
  field
    .split('.')
    .filter((p) => !/^\d+$/.test(p))
    .pop() ?? field;

/** One field error as a sentence: the rule with the field's label, or the server's message after the label. */
export function problemText(t: TFunction, problem: FieldProblem, labelOf: LabelOf): string {
  const label = labelOf(problem.field);
  const rule = problem.rule && textOf(t, `validation.${problem.rule}`) ? problem.rule : undefined;
  if (rule && label) return t(`validation.${rule}`, { ...problem.params, field: label });
  if (!label) return problem.message;
  // The server's own words may start with the raw path: drop it, the label says it.
  const message = problem.message.startsWith(problem.field) ? problem.message.slice(problem.field.length).replace(/^[\s:]+/, '') : problem.message;
  return `${label}: ${message}`;
}
