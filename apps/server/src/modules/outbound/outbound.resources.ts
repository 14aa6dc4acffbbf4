import { OUTBOUND_ORDER, OUTBOUND_PICKED, OUTBOUND_PROBLEMATIC, type OutboundState } from '@kontor/contracts';
import { z } from 'zod';
import { defineResource, resourcePrivileges, type ResourceDef, type ResourceField } from '../resources/index.js';

/** The fields of the order lists' read model (`outbound_orders_view`, migration 0010). */
const ORDER_FIELDS: Record<string, ResourceField> = {
  unid: { kind: 'text', search: true, filter: true, sort: true },
  status: { kind: 'int', filter: true, sort: true },
  statusBefore: { kind: 'int' },
  priority: { kind: 'int', filter: true, sort: true },
  warehouseId: { kind: 'int', filter: true },
  warehouseCode: { kind: 'text', filter: true },
  merchantName: { kind: 'text', filter: true },
  merchantCode: { kind: 'text', filter: true },
  typeOfTask: { kind: 'text', filter: true },
  modeOfTransport: { kind: 'text', filter: true },
  pickupDate: { kind: 'date', filter: true, sort: true },
  pickupFrom: { kind: 'text' },
  refOrderId: { kind: 'text', search: true, filter: true },
  unitQty: { kind: 'int', filter: true },
  weight: { kind: 'decimal', filter: true },
  consignee: { kind: 'json' },
  consignor: { kind: 'json' },
  sender: { kind: 'json' },
  consigneeName: { kind: 'text', search: true, filter: true },
  consigneeCountry: { kind: 'text', filter: true },
  dangerGoods: { kind: 'bool', filter: true },
  deliveryServices: { kind: 'json' },
  autoRetourLabel: { kind: 'bool' },
  forceShipLabel: { kind: 'bool' },
  labelSwap: { kind: 'bool', filter: true },
  relatedFiles: { kind: 'json' },
  remark: { kind: 'text' },
  privateRemark: { kind: 'text' },
  importantNote: { kind: 'text' },
  rsd: { kind: 'date', filter: true },
  rad: { kind: 'date', filter: true },
  carrier: { kind: 'text', filter: true },
  carrierService: { kind: 'text', filter: true },
  shipBundle: { kind: 'text', search: true },
  shipBundleSent: { kind: 'json' },
  parcels: { kind: 'json' },
  shipNo: { kind: 'text', search: true },
  retourNo: { kind: 'text' },
  batchNo: { kind: 'text', filter: true },
  boxQty: { kind: 'int' },
  pltQty: { kind: 'int' },
  dimensions: { kind: 'json' },
  addressProblems: { kind: 'json' },
  exceptionReason: { kind: 'text' },
  exceptionOwner: { kind: 'text', filter: true },
  exceptionNote: { kind: 'text' },
  lineCount: { kind: 'int' },
  totalUnits: { kind: 'int', filter: true },
  reservedUnits: { kind: 'int' },
  deletedAt: { kind: 'datetime', filter: true },
  shippedAt: { kind: 'datetime', filter: true },
  /** The label queue's reason (migration 0017): the kind, worded by the web through CARRIER_ERROR_CODES, and the carrier's text. */
  labelErrorKind: { kind: 'text', filter: true },
  labelErrorText: { kind: 'text' },
  /** The latest carrier tracking event (migration 0030): its kind (or exception), text and time. */
  trackingKind: { kind: 'text', filter: true },
  trackingText: { kind: 'text' },
  trackingAt: { kind: 'datetime', filter: true, sort: true },
};

const codes = (...states: OutboundState[]) => OUTBOUND_ORDER.codes(...states);

/**
 * The order lists of issue 7 §4: each a view of the same read model with its screen's privilege and
 * a fixed filter. The session's merchant scope applies to all of them.
 */
export interface OutboundViewDef {
  privilege: string;
  table: string;
  carrier?: string;
  statuses?: number[];
}

const VIEWS = {
  orders: { privilege: 'p11y.orders.list', table: 'outbound_orders_live' },
  deleted: { privilege: 'p11y.ordersDeleted.list', table: 'outbound_orders_deleted' },
  dhl: { privilege: 'p11y.ordersDHL.list', table: 'outbound_orders_live', carrier: 'DHL' },
  dpd: { privilege: 'p11y.ordersDPD.list', table: 'outbound_orders_live', carrier: 'DPD' },
  ups: { privilege: 'p11y.ordersUPS.list', table: 'outbound_orders_live', carrier: 'UPS' },
  transportLabelAwaits: { privilege: 'oms.ordersTransportLabelAwaits.list', table: 'outbound_orders_live', statuses: codes('transportLabelAwaits') },
  /** The warehouse's work: orders between allocation and the carrier, exceptions included. */
  warehouse: {
    privilege: 'oms.outbound.list',
    table: 'outbound_orders_live',
    // the picked states come from the machine's own list, so a new packing state joins this view with it
    statuses: codes(
      'readyToPick',
      'readyToSwap',
      'inPicklist',
      'picklistPrinted',
      ...OUTBOUND_PICKED,
      'partiallyShipped',
      'hold',
      'problem',
      'manualHandlingAwaits',
      'cancelRequested',
    ),
  },
  /** What needs a person: the same states as the floor views' exceptions above the list. */
  problematic: { privilege: 'p11y.problematic.list', table: 'outbound_orders_live', statuses: codes(...OUTBOUND_PROBLEMATIC) },
  inTransit: { privilege: 'p11y.shipped.list', table: 'outbound_orders_live', statuses: codes('partiallyShipped', 'shipped', 'inTransit', 'inDelivery') },
} satisfies Record<string, OutboundViewDef>;
export type OutboundView = keyof typeof VIEWS;
export const OUTBOUND_VIEWS: Record<OutboundView, OutboundViewDef> = VIEWS;

const resourceOf = (name: string, table: string, privilege: string): ResourceDef =>
  defineResource({
    name,
    path: `/v0/outbound/lists/${name}/`,
    table,
    scope: 'merchant',
    readOnly: true,
    privileges: resourcePrivileges(privilege),
    fields: ORDER_FIELDS,
    write: z.object({}),
    defaultSort: { field: 'createdAt', order: 'desc' },
  });

/** One read-only resource per view: list, get and CSV export come from the generic layer. */
export const OUTBOUND_RESOURCES: Record<OutboundView, ResourceDef> = Object.fromEntries(
  Object.entries(OUTBOUND_VIEWS).map(([name, view]) => [name, resourceOf(name, view.table, view.privilege)]),
) as Record<OutboundView, ResourceDef>;
