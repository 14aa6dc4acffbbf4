import { routeMasks } from './routes.js';

/**
 * Privileges the server needs beyond seeing a screen: writes and administrative reads. Screen masks
 * come from the route catalogue, so a route cannot name a privilege that does not exist.
 */
export const ACTION_PRIVILEGES = [
  'sys.users.edit',
  'sys.lookup.edit',
  'sys.settings.edit',
  'sys.tax.edit',
  'sys.printers.edit',
  'sys.announcements.edit',
  'sys.classes.edit',
  'sys.masken.edit',
  'sys.oauth2.edit',
  'wms.warehouse.edit',
  'wms.compartment.edit',
  'wms.item.edit',
  'wms.inventory.edit',
  'wms.inventory.reserve',
  'wms.mergedUnit.edit',
  'wms.stocktake.edit',
  'wms.stocktake.approve',
  'wms.pallets.edit',
  'wms.manifests.edit',
  'r7g.orders.edit',
  'r7g.receiving.edit',
  'r7g.received.edit',
  'c7r.orders.edit',
  'p11y.orders.edit',
  'p11y.orders.manage',
  'p11y.orders.import',
  'p11y.tickets.edit',
  'sys.roles.edit',
  'sys.merchant.edit',
  'sys.files.delete',
  'sys.mail.outbox',
  'sys.jobs.all',
  'sys.subId.switch',
  'sys.carriers.list',
  'sys.carriers.edit',
  'p11y.labels.print',
  'p11y.labels.manage',
  'p11y.pick2C.edit',
  'c5r.users.edit',
  'c5r.bills.edit',
] as const;

export type ActionPrivilege = (typeof ACTION_PRIVILEGES)[number];

/**
 * Approving a stocktake posts its differences to stock: a privilege of its own, not held by the role
 * that counts (issue 15 item 6, four eyes), so one warehouse user cannot both count and approve.
 */
export const STOCKTAKE_APPROVE: ActionPrivilege = 'wms.stocktake.approve';

/** Every privilege name, sorted: screen masks plus action privileges. */
export const PRIVILEGES: readonly string[] = [...new Set([...routeMasks(), ...ACTION_PRIVILEGES])].sort();

export function isKnownPrivilege(name: string): boolean {
  return PRIVILEGES.includes(name);
}

/** Area of a privilege for the role matrix: its first segment (`p11y`, `wms`, `sys` ...). */
export function privilegeArea(name: string): string {
  return name.split('.')[0] ?? name;
}

/** The role that holds every privilege (spec §6). */
export const ADMIN_ROLE = 'admin';
