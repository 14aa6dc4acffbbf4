import { defineMachine, state } from './machine.js';

/**
 * Inbound orders (issue 6 §1). Codes are the original's receiving codes (facts §5.3) where a label
 * matches: 1 Pending Inbound, 126 In Transit, 9 Shipment Pending, 2 Receiving, 99 Partially
 * Inbounded, 127 Received, 100 Inbounded, 120 Canceled.
 *
 * receiving        scans are being counted;
 * partiallyInbounded a receiving was booked but more is expected: scanning may resume;
 * received         counting is closed; goods wait in inbound staging for putaway;
 * inbounded        everything booked has been put away.
 */
export const INBOUND_ORDER = defineMachine('inboundOrder', {
  readyToInbound: state(1, 'warning', ['Ready to inbound', '待入库', 'Bereit zur Einlagerung'], ['inTransit', 'receiptPending', 'receiving', 'canceled']),
  inTransit: state(126, 'primary', ['In transit', '运输中', 'Unterwegs'], ['receiptPending', 'receiving', 'canceled']),
  receiptPending: state(9, 'primary', ['Receipt pending', '待收货', 'Wareneingang ausstehend'], ['receiving', 'canceled']),
  receiving: state(2, 'danger', ['Receiving', '收货中', 'Im Wareneingang'], ['partiallyInbounded', 'received']),
  partiallyInbounded: state(99, 'warning', ['Partially inbounded', '部分入库', 'Teilweise eingelagert'], ['receiving', 'received']),
  received: state(127, 'primary', ['Received', '已收货', 'Wareneingang abgeschlossen'], ['inbounded']),
  inbounded: state(100, 'success', ['Inbounded', '已入库', 'Eingelagert']),
  canceled: state(120, 'default', ['Canceled', '已取消', 'Storniert']),
});
export type InboundOrderState = keyof typeof INBOUND_ORDER.states;

/** States in which the merchant may still change an announcement; afterwards only staff, with a reason. */
export const INBOUND_MERCHANT_EDITABLE = INBOUND_ORDER.codes('readyToInbound', 'inTransit', 'receiptPending');
/** States in which goods may be scanned in. */
export const INBOUND_SCANNABLE = INBOUND_ORDER.codes('readyToInbound', 'inTransit', 'receiptPending', 'receiving', 'partiallyInbounded');

/** Container orders (issue 6 §2): a sea or road container carrying inbound orders. */
export const CONTAINER = defineMachine('container', {
  announced: state(1, 'warning', ['Announced', '已预报', 'Angekündigt'], ['inTransit', 'arrived', 'canceled']),
  inTransit: state(126, 'primary', ['In transit', '运输中', 'Unterwegs'], ['arrived', 'canceled']),
  arrived: state(9, 'primary', ['Arrived', '已到达', 'Angekommen'], ['unloaded']),
  unloaded: state(100, 'success', ['Unloaded', '已卸货', 'Entladen']),
  canceled: state(120, 'default', ['Canceled', '已取消', 'Storniert']),
});
export type ContainerState = keyof typeof CONTAINER.states;
