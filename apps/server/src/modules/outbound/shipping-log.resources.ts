import { z } from 'zod';
import { defineResource, resourcePrivileges, type ResourceDef } from '../resources/index.js';

/**
 * The shipping log (issue 19 item 3, migrations 0026, 0035): every shipping scan and every loading
 * scan (each flushed tracking number, each handover scan) with user, station, time, code, order,
 * pallet and result. A read model: list, filters, get and the
 * export come from the generic layer; the screen is the mask `p11y.shippinglog`.
 */
export const SHIPPING_LOG_RESOURCE: ResourceDef = defineResource({
  name: 'shippingLog',
  path: '/v0/shippinglog/',
  table: 'shipping_log_view',
  scope: 'merchant',
  readOnly: true,
  privileges: resourcePrivileges('p11y.shippinglog.list'),
  fields: {
    kind: { kind: 'text', filter: true },
    merchantName: { kind: 'text', filter: true },
    orderId: { kind: 'int', filter: true },
    orderUnid: { kind: 'text', search: true, filter: true },
    code: { kind: 'text', search: true, filter: true },
    result: { kind: 'text', filter: true },
    errorCode: { kind: 'text', filter: true },
    statusAfter: { kind: 'int', filter: true },
    userId: { kind: 'int', filter: true },
    userName: { kind: 'text', search: true, filter: true },
    userAccount: { kind: 'text', filter: true },
    station: { kind: 'text', search: true, filter: true },
    palletCode: { kind: 'text', search: true, filter: true },
  },
  write: z.object({}),
  defaultSort: { field: 'createdAt', order: 'desc' },
});
