import { PRIVILEGES, STOCKTAKE_APPROVE } from './permissions.js';

/**
 * Built-in roles shipped with Kontor and their privileges. Administrators can change them and add
 * more through the roles API; the seed writes these only into an empty database. `admin` holds every
 * privilege implicitly (spec §6), so it lists none.
 */
const byPrefix = (...prefixes: string[]) => PRIVILEGES.filter((p) => prefixes.some((prefix) => p.startsWith(prefix)));

/** The office areas managers and employees both work in (orders, receiving, sales, purchasing, books, tools). */
const OFFICE_AREAS = [
  'p11y.',
  'r7g.',
  'oms.',
  'crm.',
  'm4t.',
  'customer.',
  'sales.',
  'invoice.',
  'purchases.',
  'accounting.',
  'c7r.',
  't12n.',
  '2bc.',
  'tools.',
  'oa.',
  'calendar.',
];

export const BUILTIN_ROLES: Record<string, { title: string; type: 'staff' | 'external'; privileges: readonly string[] }> = {
  admin: { title: 'Administrator', type: 'staff', privileges: [] },
  manager: {
    title: 'Manager',
    type: 'staff',
    privileges: byPrefix(...OFFICE_AREAS, 'wms.', 'a8g.', 'sys.users.list', 'sys.roles.list', 'sys.files.list'),
  },
  employee: {
    title: 'Employee',
    type: 'staff',
    privileges: byPrefix(...OFFICE_AREAS, 'wms.item.list', 'wms.inventory.list', 'wms.inventorylog.list'),
  },
  warehouse: {
    title: 'Warehouse staff',
    type: 'staff',
    // Counts stocktakes but does not approve them (STOCKTAKE_APPROVE stays with managers).
    privileges: byPrefix(
      'wms.',
      'r7g.',
      'oms.outbound',
      'p11y.pick2C',
      'p11y.problematic',
      'p11y.orders.list',
      'p11y.orders.manage',
      'p11y.packlist',
      'p11y.shippinglog',
      'p11y.shipped',
      'c7r.',
      'tools.labelMultiplePrint',
      'tools.commonLogisticsLabels',
      'oa.task',
      'p11y.labels.print',
    ).filter((p) => p !== STOCKTAKE_APPROVE),
  },
  station: {
    title: 'Print station',
    type: 'staff',
    privileges: byPrefix(
      'wms.packScan',
      'wms.pickingScan',
      'wms.shippingScan',
      'wms.loadingScan',
      'wms.snScan',
      'wms.skuScan',
      'p11y.pick2C',
      'p11y.packlist',
      'p11y.labels.print',
      'wms.printStation',
      // Pack scan order (docs/packing.md): resolving a scanned item and re-reading an order before its
      // label prints. "Out of Stock" is the pack station's own call (wms.packScanOrder.view), so a
      // station does not get the orders' manage right (manual status changes, cancel approvals).
      'wms.item.list',
      'p11y.orders.list',
    ),
  },
  merchant: {
    title: 'Merchant',
    type: 'external',
    privileges: byPrefix(
      'r7g.orders.list',
      'r7g.orders.edit',
      'r7g.received.list',
      'p11y.orders.list',
      'p11y.orders.edit',
      'p11y.orders.import',
      'p11y.ordersDeleted.list',
      'p11y.pick2C.list',
      'p11y.packScanRef',
      'p11y.ordersDHL',
      'p11y.ordersDPD',
      'p11y.ordersUPS',
      'p11y.tickets.list',
      'p11y.tickets.edit',
      'm4t.channel.list',
      'crm.customer.list',
      'wms.item.list',
      'wms.item.edit',
      'wms.inventory.list',
      'wms.inventorylog.list',
      'tools.receivingExport.view',
      'tools.outboundExport.view',
      'tools.outboundExportTask.view',
      'p11y.labels.print',
    ),
  },
  carrier: { title: 'Carrier gate', type: 'external', privileges: byPrefix('c5r.') },
};
