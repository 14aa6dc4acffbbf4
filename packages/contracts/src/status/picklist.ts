import { defineMachine, type StateDef } from './machine.js';

/**
 * Picklists (issue 18 item 1, facts §3.6 and §5.1). The original's open ("to do") statuses are 0, 1, 3,
 * 4, 5, 10, 15 and 95; 20 is packing completed (set by the PUT rule when every unit is picked), 99
 * shipped partially, 120 canceled. A new picklist is ready to pick; printing its PDF makes it picklist
 * printed; the first saved progress puts it in process. The other open codes are kept so the handheld's
 * `Status[]` filters find what they expect. docs/picking.md shows the table.
 */
type Label = StateDef['label'];
const L = (en: string, cn: string, de: string): Label => ({ en, cn, de });

/** Every open state may be held, canceled, or completed by the PUT rule. */
const OPEN_NEXT = ['hold', 'packingCompleted', 'shippedPartially', 'canceled'] as const;

export const PICKLIST = defineMachine('picklist', {
  readyToPick: {
    code: 0,
    label: L('Ready to pick', '待拣货', 'Bereit zur Kommissionierung'),
    tone: 'warning',
    next: ['picklistPrinted', 'inProcess', ...OPEN_NEXT],
  },
  picklistPrinted: {
    code: 1,
    label: L('Picklist printed', '拣货单已打印', 'Pickliste gedruckt'),
    tone: 'primary',
    next: ['inProcess', 'pickingCompleted', ...OPEN_NEXT],
  },
  readyToSwap: {
    code: 3,
    label: L('Ready to swap', '待换标', 'Bereit zum Etikettentausch'),
    tone: 'warning',
    next: ['inProcess', ...OPEN_NEXT],
  },
  readyToPack: {
    code: 4,
    label: L('Ready to pack', '待打包', 'Bereit zum Packen'),
    tone: 'warning',
    next: ['inProcess', ...OPEN_NEXT],
  },
  hold: {
    code: 5,
    label: L('Hold', '暂停', 'Angehalten'),
    tone: 'warning',
    next: ['readyToPick', 'picklistPrinted', 'inProcess', 'packingCompleted', 'canceled'],
  },
  inProcess: {
    code: 10,
    label: L('In process', '处理中', 'In Bearbeitung'),
    tone: 'warning',
    next: ['pickingCompleted', 'partialQc', ...OPEN_NEXT],
  },
  pickingCompleted: {
    code: 15,
    label: L('Picking completed', '拣货完成', 'Kommissionierung abgeschlossen'),
    tone: 'warning',
    next: ['inProcess', ...OPEN_NEXT],
  },
  partialQc: {
    code: 95,
    label: L('Partial QC', '部分质检', 'Teilprüfung'),
    tone: 'warning',
    next: ['inProcess', ...OPEN_NEXT],
  },
  packingCompleted: {
    code: 20,
    label: L('Packing completed', '打包完成', 'Verpackung abgeschlossen'),
    tone: 'success',
    next: ['shippedPartially'],
  },
  shippedPartially: {
    code: 99,
    label: L('Shipped partially', '部分发货', 'Teilweise versendet'),
    tone: 'warning',
    next: ['packingCompleted'],
  },
  canceled: { code: 120, label: L('Canceled', '已取消', 'Storniert'), tone: 'success', next: [] },
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
