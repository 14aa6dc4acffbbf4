import type { VALIDATION_TEXTS } from './validation-texts.js';

/** The parts of a zod issue (of any kind) that name a field error's rule and bounds. */
export interface IssueDetails {
  keys?: string[];
  minimum?: unknown;
  maximum?: unknown;
  input?: unknown;
  origin?: string;
  inclusive?: boolean;
}

/** A failed check as a rule of the validation texts and its bounds (`{ rule: 'tooLong', params: { max: 100 } }`). */
export interface IssueRule {
  rule: keyof typeof VALIDATION_TEXTS;
  params?: Record<string, unknown>;
}

/**
 * The validation text of a zod issue, from its code and bounds: the server words a refused request with
 * it and the web's forms word the same check before sending, so both say the same thing. `details` is
 * the zod issue itself or fastify-type-provider-zod's `params` (the same issue, untyped there).
 * An unknown key is worded by the caller, which knows the path (`unknownField`).
 */
export function issueRule(code: string, details: object): IssueRule {
  const issue = details as IssueDetails;
  if (code === 'invalid_type' && issue.input === undefined) return { rule: 'required' };
  // A number is too small or too big; a text or a list is too short or too long.
  const amount = issue.origin === 'number' || issue.origin === 'bigint' || issue.origin === 'int' || issue.origin === 'date';
  const exclusive = issue.inclusive === false;
  if (code === 'too_small') return { rule: amount ? (exclusive ? 'moreThan' : 'tooSmall') : 'tooShort', params: { min: issue.minimum } };
  if (code === 'too_big') return { rule: amount ? (exclusive ? 'lessThan' : 'tooBig') : 'tooLong', params: { max: issue.maximum } };
  return { rule: 'invalid' };
}
