import { defineMachine, state } from './machine.js';

/**
 * Picklists (issue 18 item 1, facts §3.6 and §5.1). The original's open ("to do") statuses are 0, 1, 3,
 * 4, 5, 10, 15 and 95; 20 is packing completed (set by the PUT rule when every unit is picked), 99
 * shipped partially, 120 canceled. A new picklist is ready to pick; printing its PDF makes it picklist
 * printed; the first saved progress puts it in process. The other open codes are kept so the handheld's
 * `Status[]` filters find what they expect. docs/picking.md shows the table.
 */

/** Every open state may be held, canceled, or completed by the PUT rule. */
const OPEN_NEXT = ['hold', 'packingCompleted', 'shippedPartially', 'canceled'] as const;

export const PICKLIST = defineMachine('picklist', {
  readyToPick: state(0, 'warning', ['Ready to pick', '待拣货', 'Bereit zur Kommissionierung'], ['picklistPrinted', 'inProcess', ...OPEN_NEXT]),
  picklistPrinted: state(1, 'primary', ['Picklist printed', '拣货单已打印', 'Pickliste gedruckt'], ['inProcess', 'pickingCompleted', ...OPEN_NEXT]),
  readyToSwap: state(3, 'warning', ['Ready to swap', '待换标', 'Bereit zum Etikettentausch'], ['inProcess', ...OPEN_NEXT]),
  readyToPack: state(4, 'warning', ['Ready to pack', '待打包', 'Bereit zum Packen'], ['inProcess', ...OPEN_NEXT]),
  hold: state(5, 'warning', ['Hold', '暂停', 'Angehalten'], ['readyToPick', 'picklistPrinted', 'inProcess', 'packingCompleted', 'canceled']),
  inProcess: state(10, 'warning', ['In process', '处理中', 'In Bearbeitung'], ['pickingCompleted', 'partialQc', ...OPEN_NEXT]),
  pickingCompleted: state(15, 'warning', ['Picking completed', '拣货完成', 'Kommissionierung abgeschlossen'], ['inProcess', ...OPEN_NEXT]),
  partialQc: state(95, 'warning', ['Partial QC', '部分质检', 'Teilprüfung'], ['inProcess', ...OPEN_NEXT]),
  packingCompleted: state(20, 'success', ['Packing completed', '打包完成', 'Verpackung abgeschlossen'], ['shippedPartially']),
  shippedPartially: state(99, 'warning', ['Shipped partially', '部分发货', 'Teilweise versendet'], ['packingCompleted']),
  canceled: state(120, 'success', ['Canceled', '已取消', 'Storniert']),
});
export type PicklistState = keyof typeof PICKLIST.states;

/** The original's open ("to do") statuses (facts §3.6): orders may still be taken out, progress saved. */
export const PICKLIST_OPEN: readonly PicklistState[] = [
  'readyToPick',
  'picklistPrinted',
  'readyToSwap',
  'readyToPack',
  'hold',
  'inProcess',
  'pickingCompleted',
  'partialQc',
];
/** Picklist types (facts §5.2): 1 packed per order at Pack Scan Order, 100 single-item orders per piece. */
export const PICKLIST_TYPES = { packScanOrder: 1, packScanBatch: 100 } as const;
