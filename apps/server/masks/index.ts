// The masks shipped with Kontor, one JSON file each; seeded into the database at start-up (issue 4 §1).
// A new mask is a new JSON file in this folder plus its import and entry below (a test checks none is missing).
import c7rOrders from './c7r.orders.json';
import mepItem from './mep.item.json';
import navOverviewTasksNoFinIn30Days from './nav.overview.tasksNoFinIn30Days.json';
import omsOutboundList from './oms.outbound.list.json';
import p11yShippinglog from './p11y.shippinglog.json';
import r7gOrders from './r7g.orders.json';
import settingsAnnouncements from './settings.announcements.json';
import settingsClasses from './settings.classes.json';
import settingsDuties from './settings.duties.json';
import settingsList from './settings.list.json';
import settingsLookup from './settings.lookup.json';
import settingsMerchant from './settings.merchant.json';
import settingsPrinters from './settings.printers.json';
import settingsTax from './settings.tax.json';
import wmsCompartment from './wms.compartment.json';
import wmsInventorylog from './wms.inventorylog.json';
import wmsItem from './wms.item.json';
import wmsMunit from './wms.munit.json';
import wmsOrdersSnScan from './wms.orders.snScan.json';
import wmsWarehouse from './wms.warehouse.json';

export const SHIPPED_MASKS: Record<string, unknown> = {
  'c7r.orders': c7rOrders,
  'mep.item': mepItem,
  'nav.overview.tasksNoFinIn30Days': navOverviewTasksNoFinIn30Days,
  'oms.outbound.list': omsOutboundList,
  'p11y.shippinglog': p11yShippinglog,
  'r7g.orders': r7gOrders,
  'settings.announcements': settingsAnnouncements,
  'settings.classes': settingsClasses,
  'settings.duties': settingsDuties,
  'settings.list': settingsList,
  'settings.lookup': settingsLookup,
  'settings.merchant': settingsMerchant,
  'settings.printers': settingsPrinters,
  'settings.tax': settingsTax,
  'wms.compartment': wmsCompartment,
  'wms.inventorylog': wmsInventorylog,
  'wms.item': wmsItem,
  'wms.munit': wmsMunit,
  'wms.orders.snScan': wmsOrdersSnScan,
  'wms.warehouse': wmsWarehouse,
};
