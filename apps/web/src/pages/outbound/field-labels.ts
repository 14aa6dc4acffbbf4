import type { TFunction } from 'i18next';
import { TRACKING_EXCEPTIONS } from '@kontor/contracts/domains/tracking-responses';
import { leafOf, textOf, type LabelOf } from '../../api/field-errors.js';

const ADDRESSES = ['consignee', 'consignor', 'sender'];

/** The label of an order field by its path (`consignee.name1` → Name, `parcels.0.trackingNo` → Tracking number). */
export const outboundLabel =
  (t: TFunction): LabelOf =>
  (field) => {
    const leaf = leafOf(field);
    if (ADDRESSES.includes(field.split('.')[0] ?? '') && field.includes('.')) return textOf(t, `outbound.address.${leaf}`);
    return textOf(t, `outbound.${leaf}`) ?? textOf(t, `outbound.dims.${leaf}`);
  };

export interface AddressProblem {
  field: string;
  problem: string;
}

/** Address problems as the user reads them: "Name is missing · ZIP does not fit the country". */
export function addressProblemsText(t: TFunction, problems: readonly AddressProblem[]): string {
  return problems
    .map((p) => {
      const field = textOf(t, `outbound.address.${leafOf(p.field)}`) ?? p.field;
      return textOf(t, `outbound.problem.${p.problem}`) ? t(`outbound.problem.${p.problem}`, { field }) : `${field}: ${p.problem}`;
    })
    .join(' · ');
}

/**
 * The address check writes its findings into the exception note and history as `name1: required,
 * zip: pattern` (outbound-order.service settle); read back, they are shown translated. A note in any
 * other form (typed by a user) is shown as it is.
 */
export function checkNoteProblems(note: string): AddressProblem[] | null {
  const parts = note.split(/,\s*/);
  const found = parts.map((p) => /^([A-Za-z][A-Za-z0-9.]*): (required|pattern)$/.exec(p.trim()));
  if (!note.trim() || found.some((m) => !m)) return null;
  return found.map((m) => ({ field: m![1]!, problem: m![2]! }));
}

/**
 * A delivery exception's reason as the tracking writes it (`addressUnknown`, `damaged`,
 * `returnedToSender`, `other`: docs/shipping.md "The order moves") in the user's words; any other
 * reason was typed by a user and is shown as it is.
 */
function carrierReason(t: TFunction, reason: string): string {
  return (TRACKING_EXCEPTIONS as readonly string[]).includes(reason) && reason ? t(`tracking.exception.${reason}`) : reason;
}

/** An exception's reason and note in the user's words; the address check's and the carrier's own reasons are translated. */
export function exceptionTexts(t: TFunction, reason: string, note: string): { reason: string; note: string } {
  const problems = reason === 'address' ? checkNoteProblems(note) : null;
  return {
    reason: reason === 'address' ? t('outbound.historyActions.addressCheck') : carrierReason(t, reason),
    note: problems ? addressProblemsText(t, problems) : note,
  };
}
