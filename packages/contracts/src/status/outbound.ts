import { defineMachine, type StateDef } from './machine.js';

/**
 * Outbound task orders (issue 7 §2). Every outbound task status label of spec §4 is a state, with the
 * original's numeric code where one exists (facts §5.1) and new codes elsewhere; the six inbound labels
 * of the same list (ready to inbound … received) are the states of INBOUND_ORDER. The web's tag colours
 * follow facts §5.1: danger 2, 8, 9; success 20, 96, 100, 101, 120, 126, 127; primary 1; warning else.
 * docs/outbound.md shows the table as a diagram.
 *
 * Flow: allocation puts a new order in readyToPick (stock reserved) or outOfStock; picking (inPicklist,
 * picklistPrinted) leads to readyToPack; packing (partiallyPacked, packed) and the label
 * (shipmentLabelAwaits, transportLabelAwaits) to packingCompleted; the shipping scan to readyToShip
 * (with snRequired / partialQc on the way) and shipped; carrier tracking to inTransit, inDelivery,
 * delivered; returns to (partially) retour received; finish closes an order that ends without a
 * shipment. The exception states carry a reason, an owner and a note, and resume where the order was.
 */

type Label = StateDef['label'];
const L = (en: string, cn: string, de: string): Label => ({ en, cn, de });

/** States an exception or a declined cancel request may return to: where the order was before. */
const RESUMABLE = [
  'readyToPick',
  'outOfStock',
  'readyToSwap',
  'inPicklist',
  'picklistPrinted',
  'readyToPack',
  'partiallyPacked',
  'packed',
  'shipmentLabelAwaits',
  'transportLabelAwaits',
  'packingCompleted',
  'snRequired',
  'partialQc',
  'readyToShip',
] as const;

/** Exceptions raised by hand (each with reason, owner and note). */
const RAISE = ['hold', 'wrongAddress', 'problem', 'manualHandlingAwaits', 'customerHandlingAwaits'] as const;
/** Exceptions of the packing table: the parcel lacks its weight or dimensions. */
const PACKET = ['packetWeightNeeded', 'packetDimensionNeeded'] as const;
const CANCEL = ['cancelRequested', 'canceled'] as const;
/** Before picking: the order holds reservations and nothing has left a compartment. */
const PRE_PICK_NEXT = [...RAISE, 'standby', ...CANCEL] as const;
/** After picking started: goods are off the shelf; cancelling needs a decision and a put-back. */
const PICKED_NEXT = [...RAISE, 'cancelRequested'] as const;
/**
 * The carrier gate (issue 17, facts §2.8): printing the label moves an order below packing completed
 * to packing completed; a label that could not be bought sends it to the label queue instead.
 */
const LABEL_NEXT = ['packingCompleted', 'transportLabelAwaits'] as const;

export const OUTBOUND_ORDER = defineMachine('outboundOrder', {
  readyToPick: {
    code: 0,
    label: L('Ready to pick', '待拣货', 'Bereit zur Kommissionierung'),
    tone: 'warning',
    // readyToPack: a single-item order picked at the packing station without a picklist (docs/packing.md).
    next: ['inPicklist', 'readyToPack', 'outOfStock', 'readyToSwap', 'finish', ...PRE_PICK_NEXT, ...LABEL_NEXT],
  },
  outOfStock: {
    code: 8,
    label: L('Out of stock', '缺货', 'Nicht auf Lager'),
    tone: 'danger',
    next: ['readyToPick', ...PRE_PICK_NEXT],
  },
  readyToSwap: {
    code: 3,
    label: L('Ready to swap', '待换标', 'Bereit zum Etikettentausch'),
    tone: 'warning',
    next: ['readyToPick', 'outOfStock', 'inPicklist', 'readyToPack', 'packingCompleted', ...PRE_PICK_NEXT, 'transportLabelAwaits'],
  },
  inPicklist: {
    code: 10,
    label: L('In picklist', '已加入拣货单', 'In Pickliste'),
    tone: 'warning',
    next: ['picklistPrinted', 'readyToPick', 'readyToPack', 'outOfStock', ...PICKED_NEXT, 'canceled', ...LABEL_NEXT],
  },
  picklistPrinted: {
    code: 1,
    label: L('Picklist printed', '拣货单已打印', 'Pickliste gedruckt'),
    tone: 'primary',
    next: ['readyToPack', 'readyToPick', 'outOfStock', ...PICKED_NEXT, ...LABEL_NEXT],
  },
  readyToPack: {
    code: 4,
    label: L('Ready to pack', '待打包', 'Bereit zum Packen'),
    tone: 'warning',
    next: ['partiallyPacked', 'packed', 'readyToSwap', ...PACKET, ...PICKED_NEXT, ...LABEL_NEXT],
  },
  partiallyPacked: {
    code: 18,
    label: L('Partially packed', '部分打包', 'Teilweise gepackt'),
    tone: 'warning',
    next: ['packed', ...PACKET, ...PICKED_NEXT, ...LABEL_NEXT],
  },
  packed: {
    code: 19,
    label: L('Packed', '已打包', 'Gepackt'),
    tone: 'warning',
    next: ['shipmentLabelAwaits', 'transportLabelAwaits', 'packingCompleted', ...PACKET, ...PICKED_NEXT],
  },
  packetWeightNeeded: {
    code: 25,
    label: L('Packet weight needed', '需要包裹重量', 'Paketgewicht benötigt'),
    tone: 'warning',
    next: ['packed', 'packetDimensionNeeded', 'transportLabelAwaits', 'packingCompleted', ...PICKED_NEXT],
  },
  packetDimensionNeeded: {
    code: 26,
    label: L('Packet dimension needed', '需要包裹尺寸', 'Paketmaße benötigt'),
    tone: 'warning',
    next: ['packed', 'packetWeightNeeded', 'transportLabelAwaits', 'packingCompleted', ...PICKED_NEXT],
  },
  shipmentLabelAwaits: {
    code: 24,
    label: L('Shipment label awaits', '等待发货标签', 'Versandetikett ausstehend'),
    tone: 'warning',
    next: ['packingCompleted', 'transportLabelAwaits', ...PICKED_NEXT],
  },
  transportLabelAwaits: {
    code: 23,
    label: L('Transport label awaits', '等待运输标签', 'Transportetikett ausstehend'),
    tone: 'warning',
    next: ['packingCompleted', 'shipmentLabelAwaits', ...PICKED_NEXT],
  },
  packingCompleted: {
    code: 20,
    label: L('Packing completed', '打包完成', 'Verpackung abgeschlossen'),
    tone: 'success',
    next: ['snRequired', 'partialQc', 'readyToShip', 'partiallyShipped', 'shipped', ...PICKED_NEXT, 'transportLabelAwaits'],
  },
  snRequired: {
    code: 91,
    label: L('SN required', '需要序列号', 'Seriennummer erforderlich'),
    tone: 'warning',
    next: ['partialQc', 'readyToShip', ...PICKED_NEXT],
  },
  partialQc: {
    code: 95,
    label: L('Partial QC', '部分质检', 'Teilprüfung'),
    tone: 'warning',
    next: ['snRequired', 'readyToShip', ...PICKED_NEXT],
  },
  readyToShip: {
    code: 96,
    label: L('Ready to ship', '待发货', 'Versandbereit'),
    tone: 'success',
    next: ['partiallyShipped', 'shipped', ...PICKED_NEXT],
  },
  partiallyShipped: {
    code: 99,
    label: L('Partially shipped', '部分发货', 'Teilweise versendet'),
    tone: 'warning',
    next: ['shipped', 'inTransit', 'partiallyFinish', 'problem'],
  },
  shipped: {
    code: 100,
    label: L('Shipped', '已发货', 'Versendet'),
    tone: 'success',
    next: ['inTransit', 'inDelivery', 'delivered', 'retourReceived', 'partiallyRetourReceived', 'problem'],
  },
  inTransit: {
    code: 126,
    label: L('In transit', '运输中', 'Unterwegs'),
    tone: 'success',
    next: ['inDelivery', 'delivered', 'retourReceived', 'partiallyRetourReceived', 'problem'],
  },
  inDelivery: {
    code: 128,
    label: L('In delivery', '派送中', 'In Zustellung'),
    tone: 'success',
    next: ['delivered', 'retourReceived', 'partiallyRetourReceived', 'problem'],
  },
  delivered: {
    code: 127,
    label: L('Delivered', '已签收', 'Zugestellt'),
    tone: 'success',
    next: ['retourReceived', 'partiallyRetourReceived', 'finish'],
  },
  retourReceived: {
    code: 121,
    label: L('Retour received', '退货已收到', 'Retoure erhalten'),
    tone: 'warning',
    next: ['finish'],
  },
  partiallyRetourReceived: {
    code: 122,
    label: L('Partially retour received', '部分退货已收到', 'Retoure teilweise erhalten'),
    tone: 'warning',
    next: ['retourReceived', 'finish'],
  },
  finish: { code: 101, label: L('Finish', '完成', 'Abgeschlossen'), tone: 'success', next: [] },
  partiallyFinish: {
    code: 103,
    label: L('Partially finish', '部分完成', 'Teilweise abgeschlossen'),
    tone: 'warning',
    next: ['finish'],
  },
  hold: {
    code: 5,
    label: L('Hold', '暂停', 'Angehalten'),
    tone: 'warning',
    next: [...RESUMABLE, 'standby', ...CANCEL],
  },
  standby: {
    code: 6,
    label: L('Standby', '待命', 'Wartestellung'),
    tone: 'warning',
    next: ['readyToPick', 'outOfStock', ...CANCEL],
  },
  wrongAddress: {
    code: 9,
    label: L('Wrong address', '地址错误', 'Falsche Adresse'),
    tone: 'danger',
    next: [...RESUMABLE, 'hold', 'standby', ...CANCEL],
  },
  problem: {
    code: 11,
    label: L('Problem', '问题件', 'Problem'),
    tone: 'danger',
    next: [...RESUMABLE, 'shipped', 'partiallyShipped', 'inTransit', 'inDelivery', 'delivered', 'hold', 'standby', 'finish', ...CANCEL],
  },
  manualHandlingAwaits: {
    code: 12,
    label: L('Manual handling awaits', '等待人工处理', 'Manuelle Bearbeitung ausstehend'),
    tone: 'warning',
    next: [...RESUMABLE, 'hold', 'standby', ...CANCEL],
  },
  customerHandlingAwaits: {
    code: 13,
    label: L('Customer handling awaits', '等待客户处理', 'Kundenbearbeitung ausstehend'),
    tone: 'warning',
    next: [...RESUMABLE, 'hold', 'standby', ...CANCEL],
  },
  cancelRequested: {
    code: 2,
    label: L('Cancel requested', '已申请取消', 'Stornierung angefragt'),
    tone: 'danger',
    next: ['canceled', ...RESUMABLE, 'hold', 'wrongAddress', 'problem', 'manualHandlingAwaits', 'customerHandlingAwaits'],
  },
  canceled: { code: 120, label: L('Canceled', '已取消', 'Storniert'), tone: 'success', next: [] },
});
export type OutboundState = keyof typeof OUTBOUND_ORDER.states;

/** States before picking: the order holds (or waits for) reservations, nothing is off the shelf. */
export const OUTBOUND_PRE_PICK: readonly OutboundState[] = ['readyToPick', 'outOfStock', 'readyToSwap'];
/** States in which a merchant may still change its order (issue 7 §4: until picking starts). */
export const OUTBOUND_MERCHANT_EDITABLE: readonly OutboundState[] = [
  'readyToPick',
  'outOfStock',
  'readyToSwap',
  'hold',
  'standby',
  'wrongAddress',
  'customerHandlingAwaits',
];
/** Exceptions that carry a reason, an owner and a note, and resume where the order was (issue 7 §2). */
export const OUTBOUND_EXCEPTIONS: readonly OutboundState[] = [
  'hold',
  'wrongAddress',
  'problem',
  'manualHandlingAwaits',
  'customerHandlingAwaits',
  'packetWeightNeeded',
  'packetDimensionNeeded',
  'cancelRequested',
];
/**
 * The order has left the warehouse, wholly or in part (the original's codes 99 and up, canceled aside):
 * its address, carrier and lines are history, only the tracking and returns flows move it on.
 */
export const OUTBOUND_DISPATCHED: readonly OutboundState[] = [
  'partiallyShipped',
  'shipped',
  'inTransit',
  'inDelivery',
  'delivered',
  'retourReceived',
  'partiallyRetourReceived',
  'partiallyFinish',
  'finish',
];
/** Closed: nothing changes any more except by the returns and tracking flows. */
export const OUTBOUND_CLOSED: readonly OutboundState[] = ['canceled', 'finish'];
/** States whose order still holds its reservations (standby and cancel release them). */
export const OUTBOUND_HOLDS_STOCK: readonly OutboundState[] = [
  'readyToPick',
  'readyToSwap',
  'inPicklist',
  'picklistPrinted',
  'hold',
  'wrongAddress',
  'problem',
  'manualHandlingAwaits',
  'customerHandlingAwaits',
  'cancelRequested',
];
/** Picked and on the packing table, packing not yet completed. */
const BEING_PACKED: readonly OutboundState[] = [
  'readyToPack',
  'partiallyPacked',
  'packed',
  'packetWeightNeeded',
  'packetDimensionNeeded',
  'shipmentLabelAwaits',
  'transportLabelAwaits',
];
/** Packed and labelled, waiting for the shipping scan (or in its checks). */
export const OUTBOUND_AWAITING_SHIPPING_SCAN: readonly OutboundState[] = ['packingCompleted', 'snRequired', 'partialQc', 'readyToShip'];
/** Picking has started: the goods are off the shelf, a cancel needs a put-back. */
export const OUTBOUND_PICKED: readonly OutboundState[] = [...BEING_PACKED, ...OUTBOUND_AWAITING_SHIPPING_SCAN];
/** Below packing completed: buying the label moves them to packing completed (facts §2.8). */
export const OUTBOUND_BEFORE_PACKING_COMPLETED: readonly OutboundState[] = ['readyToPick', 'readyToSwap', 'inPicklist', 'picklistPrinted', ...BEING_PACKED];

/** Who is to act on an exception (issue 7 §2: reason, owner, note). */
export const EXCEPTION_OWNERS = ['warehouse', 'office', 'merchant', 'customer', 'carrier'] as const;
export type ExceptionOwner = (typeof EXCEPTION_OWNERS)[number];

/** Tickets about an order (issue 7 §5). */
export const TICKET = defineMachine('ticket', {
  open: { code: 1, label: L('Open', '待处理', 'Offen'), tone: 'danger', next: ['waiting', 'closed'] },
  waiting: { code: 2, label: L('Waiting', '等待回复', 'Wartend'), tone: 'warning', next: ['open', 'closed'] },
  closed: { code: 100, label: L('Closed', '已关闭', 'Geschlossen'), tone: 'success', next: ['open'] },
});
export type TicketState = keyof typeof TICKET.states;
