import { defineMachine } from './machine.js';

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
  readyToInbound: {
    code: 1,
    label: { en: 'Ready to inbound', cn: '待入库', de: 'Bereit zur Einlagerung' },
    tone: 'warning',
    next: ['inTransit', 'receiptPending', 'receiving', 'canceled'],
  },
  inTransit: {
    code: 126,
    label: { en: 'In transit', cn: '运输中', de: 'Unterwegs' },
    tone: 'primary',
    next: ['receiptPending', 'receiving', 'canceled'],
  },
  receiptPending: {
    code: 9,
    label: { en: 'Receipt pending', cn: '待收货', de: 'Wareneingang ausstehend' },
    tone: 'primary',
    next: ['receiving', 'canceled'],
  },
  receiving: {
    code: 2,
    label: { en: 'Receiving', cn: '收货中', de: 'Im Wareneingang' },
    tone: 'danger',
    next: ['partiallyInbounded', 'received'],
  },
  partiallyInbounded: {
    code: 99,
    label: { en: 'Partially inbounded', cn: '部分入库', de: 'Teilweise eingelagert' },
    tone: 'warning',
    next: ['receiving', 'received'],
  },
  received: {
    code: 127,
    label: { en: 'Received', cn: '已收货', de: 'Wareneingang abgeschlossen' },
    tone: 'primary',
    next: ['inbounded'],
  },
  inbounded: { code: 100, label: { en: 'Inbounded', cn: '已入库', de: 'Eingelagert' }, tone: 'success', next: [] },
  canceled: { code: 120, label: { en: 'Canceled', cn: '已取消', de: 'Storniert' }, tone: 'default', next: [] },
});
export type InboundOrderState = keyof typeof INBOUND_ORDER.states;

/** States in which the merchant may still change an announcement; afterwards only staff, with a reason. */
export const INBOUND_MERCHANT_EDITABLE = INBOUND_ORDER.codes('readyToInbound', 'inTransit', 'receiptPending');
/** States in which goods may be scanned in. */
export const INBOUND_SCANNABLE = INBOUND_ORDER.codes('readyToInbound', 'inTransit', 'receiptPending', 'receiving', 'partiallyInbounded');

/** Container orders (issue 6 §2): a sea or road container carrying inbound orders. */
export const CONTAINER = defineMachine('container', {
  announced: {
    code: 1,
    label: { en: 'Announced', cn: '已预报', de: 'Angekündigt' },
    tone: 'warning',
    next: ['inTransit', 'arrived', 'canceled'],
  },
  inTransit: { code: 126, label: { en: 'In transit', cn: '运输中', de: 'Unterwegs' }, tone: 'primary', next: ['arrived', 'canceled'] },
  arrived: { code: 9, label: { en: 'Arrived', cn: '已到达', de: 'Angekommen' }, tone: 'primary', next: ['unloaded'] },
  unloaded: { code: 100, label: { en: 'Unloaded', cn: '已卸货', de: 'Entladen' }, tone: 'success', next: [] },
  canceled: { code: 120, label: { en: 'Canceled', cn: '已取消', de: 'Storniert' }, tone: 'default', next: [] },
});
export type ContainerState = keyof typeof CONTAINER.states;
