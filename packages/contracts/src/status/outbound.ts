import { defineMachine, state } from './machine.js';

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
  // readyToPack: a single-item order picked at the packing station without a picklist (docs/packing.md).
  readyToPick: state(
    0,
    'warning',
    ['Ready to pick', '待拣货', 'Bereit zur Kommissionierung'],
    ['inPicklist', 'readyToPack', 'outOfStock', 'readyToSwap', 'finish', ...PRE_PICK_NEXT, ...LABEL_NEXT],
  ),
  outOfStock: state(8, 'danger', ['Out of stock', '缺货', 'Nicht auf Lager'], ['readyToPick', ...PRE_PICK_NEXT]),
  readyToSwap: state(
    3,
    'warning',
    ['Ready to swap', '待换标', 'Bereit zum Etikettentausch'],
    ['readyToPick', 'outOfStock', 'inPicklist', 'readyToPack', 'packingCompleted', ...PRE_PICK_NEXT, 'transportLabelAwaits'],
  ),
  inPicklist: state(
    10,
    'warning',
    ['In picklist', '已加入拣货单', 'In Pickliste'],
    ['picklistPrinted', 'readyToPick', 'readyToPack', 'outOfStock', ...PICKED_NEXT, 'canceled', ...LABEL_NEXT],
  ),
  picklistPrinted: state(
    1,
    'primary',
    ['Picklist printed', '拣货单已打印', 'Pickliste gedruckt'],
    ['readyToPack', 'readyToPick', 'outOfStock', ...PICKED_NEXT, ...LABEL_NEXT],
  ),
  readyToPack: state(
    4,
    'warning',
    ['Ready to pack', '待打包', 'Bereit zum Packen'],
    ['partiallyPacked', 'packed', 'readyToSwap', ...PACKET, ...PICKED_NEXT, ...LABEL_NEXT],
  ),
  partiallyPacked: state(18, 'warning', ['Partially packed', '部分打包', 'Teilweise gepackt'], ['packed', ...PACKET, ...PICKED_NEXT, ...LABEL_NEXT]),
  packed: state(19, 'warning', ['Packed', '已打包', 'Gepackt'], ['shipmentLabelAwaits', 'transportLabelAwaits', 'packingCompleted', ...PACKET, ...PICKED_NEXT]),
  packetWeightNeeded: state(
    25,
    'warning',
    ['Packet weight needed', '需要包裹重量', 'Paketgewicht benötigt'],
    ['packed', 'packetDimensionNeeded', 'transportLabelAwaits', 'packingCompleted', ...PICKED_NEXT],
  ),
  packetDimensionNeeded: state(
    26,
    'warning',
    ['Packet dimension needed', '需要包裹尺寸', 'Paketmaße benötigt'],
    ['packed', 'packetWeightNeeded', 'transportLabelAwaits', 'packingCompleted', ...PICKED_NEXT],
  ),
  shipmentLabelAwaits: state(
    24,
    'warning',
    ['Shipment label awaits', '等待发货标签', 'Versandetikett ausstehend'],
    ['packingCompleted', 'transportLabelAwaits', ...PICKED_NEXT],
  ),
  transportLabelAwaits: state(
    23,
    'warning',
    ['Transport label awaits', '等待运输标签', 'Transportetikett ausstehend'],
    ['packingCompleted', 'shipmentLabelAwaits', ...PICKED_NEXT],
  ),
  packingCompleted: state(
    20,
    'success',
    ['Packing completed', '打包完成', 'Verpackung abgeschlossen'],
    ['snRequired', 'partialQc', 'readyToShip', 'partiallyShipped', 'shipped', ...PICKED_NEXT, 'transportLabelAwaits'],
  ),
  snRequired: state(91, 'warning', ['SN required', '需要序列号', 'Seriennummer erforderlich'], ['partialQc', 'readyToShip', ...PICKED_NEXT]),
  partialQc: state(95, 'warning', ['Partial QC', '部分质检', 'Teilprüfung'], ['snRequired', 'readyToShip', ...PICKED_NEXT]),
  readyToShip: state(96, 'success', ['Ready to ship', '待发货', 'Versandbereit'], ['partiallyShipped', 'shipped', ...PICKED_NEXT]),
  partiallyShipped: state(99, 'warning', ['Partially shipped', '部分发货', 'Teilweise versendet'], ['shipped', 'inTransit', 'partiallyFinish', 'problem']),
  shipped: state(
    100,
    'success',
    ['Shipped', '已发货', 'Versendet'],
    ['inTransit', 'inDelivery', 'delivered', 'retourReceived', 'partiallyRetourReceived', 'problem'],
  ),
  inTransit: state(126, 'success', ['In transit', '运输中', 'Unterwegs'], ['inDelivery', 'delivered', 'retourReceived', 'partiallyRetourReceived', 'problem']),
  inDelivery: state(128, 'success', ['In delivery', '派送中', 'In Zustellung'], ['delivered', 'retourReceived', 'partiallyRetourReceived', 'problem']),
  delivered: state(127, 'success', ['Delivered', '已签收', 'Zugestellt'], ['retourReceived', 'partiallyRetourReceived', 'finish']),
  retourReceived: state(121, 'warning', ['Retour received', '退货已收到', 'Retoure erhalten'], ['finish']),
  partiallyRetourReceived: state(122, 'warning', ['Partially retour received', '部分退货已收到', 'Retoure teilweise erhalten'], ['retourReceived', 'finish']),
  finish: state(101, 'success', ['Finish', '完成', 'Abgeschlossen']),
  partiallyFinish: state(103, 'warning', ['Partially finish', '部分完成', 'Teilweise abgeschlossen'], ['finish']),
  hold: state(5, 'warning', ['Hold', '暂停', 'Angehalten'], [...RESUMABLE, 'standby', ...CANCEL]),
  standby: state(6, 'warning', ['Standby', '待命', 'Wartestellung'], ['readyToPick', 'outOfStock', ...CANCEL]),
  wrongAddress: state(9, 'danger', ['Wrong address', '地址错误', 'Falsche Adresse'], [...RESUMABLE, 'hold', 'standby', ...CANCEL]),
  problem: state(
    11,
    'danger',
    ['Problem', '问题件', 'Problem'],
    [...RESUMABLE, 'shipped', 'partiallyShipped', 'inTransit', 'inDelivery', 'delivered', 'hold', 'standby', 'finish', ...CANCEL],
  ),
  manualHandlingAwaits: state(
    12,
    'warning',
    ['Manual handling awaits', '等待人工处理', 'Manuelle Bearbeitung ausstehend'],
    [...RESUMABLE, 'hold', 'standby', ...CANCEL],
  ),
  customerHandlingAwaits: state(
    13,
    'warning',
    ['Customer handling awaits', '等待客户处理', 'Kundenbearbeitung ausstehend'],
    [...RESUMABLE, 'hold', 'standby', ...CANCEL],
  ),
  cancelRequested: state(
    2,
    'danger',
    ['Cancel requested', '已申请取消', 'Stornierung angefragt'],
    ['canceled', ...RESUMABLE, 'hold', 'wrongAddress', 'problem', 'manualHandlingAwaits', 'customerHandlingAwaits'],
  ),
  canceled: state(120, 'success', ['Canceled', '已取消', 'Storniert']),
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
 * What needs a person on the floor (issue 19 item 7): stock missing, a label that could not be bought,
 * and the raised exceptions. The `/wEP/problematic` list and the floor views' exceptions are both this
 * set, so the panel above the list never names an order the list below leaves out.
 */
export const OUTBOUND_PROBLEMATIC: readonly OutboundState[] = ['outOfStock', 'shipmentLabelAwaits', 'transportLabelAwaits', ...OUTBOUND_EXCEPTIONS];
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
  open: state(1, 'danger', ['Open', '待处理', 'Offen'], ['waiting', 'closed']),
  waiting: state(2, 'warning', ['Waiting', '等待回复', 'Wartend'], ['open', 'closed']),
  closed: state(100, 'success', ['Closed', '已关闭', 'Geschlossen'], ['open']),
});
export type TicketState = keyof typeof TICKET.states;
