import { defineMachine, state } from './machine.js';

/**
 * A carrier gate bill (issue 17 item 8, docs/carrier-gate.md): built as a draft, which is rebuilt from
 * the month's labels until it is issued; an issued bill never changes again.
 */
export const GATE_BILL = defineMachine('gateBill', {
  draft: state(0, 'warning', ['Draft', '草稿', 'Entwurf'], ['issued']),
  issued: state(100, 'success', ['Issued', '已开具', 'Gestellt']),
});
export type GateBillState = keyof typeof GATE_BILL.states;
