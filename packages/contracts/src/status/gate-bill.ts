import { defineMachine } from './machine.js';

/**
 * A carrier gate bill (issue 17 item 8, docs/carrier-gate.md): built as a draft, which is rebuilt from
 * the month's labels until it is issued; an issued bill never changes again.
 */
export const GATE_BILL = defineMachine('gateBill', {
  draft: { code: 0, label: { en: 'Draft', cn: '草稿', de: 'Entwurf' }, tone: 'warning', next: ['issued'] },
  issued: { code: 100, label: { en: 'Issued', cn: '已开具', de: 'Gestellt' }, tone: 'success', next: [] },
});
export type GateBillState = keyof typeof GATE_BILL.states;
