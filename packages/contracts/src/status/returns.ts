import { defineMachine, state } from './machine.js';

/**
 * Returns (RMA, issue 6 §5). Codes are the original's (facts §5.3): 0 Received, 100 Inbounded,
 * 120 Canceled. Inbounding books every line at once, so a return is never partially inbounded.
 */
export const RETURN_ORDER = defineMachine('returnOrder', {
  received: state(0, 'warning', ['Received', '已收到', 'Eingegangen'], ['inbounded', 'canceled']),
  inbounded: state(100, 'success', ['Inbounded', '已入库', 'Eingelagert']),
  canceled: state(120, 'default', ['Canceled', '已取消', 'Storniert']),
});
export type ReturnOrderState = keyof typeof RETURN_ORDER.states;

/** Business type of a return (facts §5.3 "RMATypeStatus"). */
export const RETURN_BUSINESS_TYPES = { original: 1, customerRetour: 2, fromFba: 3, undeliverable: 4 } as const;
/** Package status (`type`). */
export const RETURN_PACKAGE_STATUS = { notSet: 0, normal: 1, damaged: 2, lost: 3 } as const;
/** Item condition (`valid`). */
export const RETURN_CONDITIONS = { valid: 1, damaged: 2, invalid: 0, unchecked: -1, scrapped: -2 } as const;
