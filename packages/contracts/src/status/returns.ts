import { defineMachine } from './machine.js';

/**
 * Returns (RMA, issue 6 §5). Codes are the original's (facts §5.3): 0 Received, 100 Inbounded,
 * 120 Canceled. Inbounding books every line at once, so a return is never partially inbounded.
 */
export const RETURN_ORDER = defineMachine('returnOrder', {
  received: { code: 0, label: { en: 'Received', cn: '已收到', de: 'Eingegangen' }, tone: 'warning', next: ['inbounded', 'canceled'] },
  inbounded: { code: 100, label: { en: 'Inbounded', cn: '已入库', de: 'Eingelagert' }, tone: 'success', next: [] },
  canceled: { code: 120, label: { en: 'Canceled', cn: '已取消', de: 'Storniert' }, tone: 'default', next: [] },
});
export type ReturnOrderState = keyof typeof RETURN_ORDER.states;

/** Business type of a return (facts §5.3 "RMATypeStatus"). */
export const RETURN_BUSINESS_TYPES = { original: 1, customerRetour: 2, fromFba: 3, undeliverable: 4 } as const;
/** Package status (`type`). */
export const RETURN_PACKAGE_STATUS = { notSet: 0, normal: 1, damaged: 2, lost: 3 } as const;
/** Item condition (`valid`). */
export const RETURN_CONDITIONS = { valid: 1, damaged: 2, invalid: 0, unchecked: -1, scrapped: -2 } as const;
