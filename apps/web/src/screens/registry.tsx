import type { ComponentType, LazyExoticComponent } from 'react';
import type { OutboundView } from '../pages/outbound/outbound-api.js';
import { lazyScreen } from './lazy-screen.js';
import { MASK_SCREENS } from './mask-screens.js';

/** The outbound lists (issue 7 §4): one screen, each path showing its server view. */
const outbound = (paths: Record<string, OutboundView>) =>
  Object.fromEntries(
    Object.entries(paths).map(([path, view]) => [
      path,
      lazyScreen(() =>
        import('../pages/outbound/OutboundOrdersPage.js').then(({ OutboundOrdersPage }) => ({ default: () => <OutboundOrdersPage view={view} /> })),
      ),
    ]),
  );

/** The outbound lists (issue 7 §4): the server view each path shows. */
const OUTBOUND_VIEWS: Record<string, OutboundView> = {
  '/eEP/outbound-orders': 'orders',
  '/mEP/outbound-orders': 'orders',
  '/sales/channels/proxyDelivery/pd-orders': 'orders',
  '/eEP/delivery-orders-deleted': 'deleted',
  '/mEP/orders-deleted': 'deleted',
  '/sales/channels/proxyDelivery/pd-orders-deleted': 'deleted',
  '/mOrders/ordersDHL': 'dhl',
  '/mOrders/ordersDPD': 'dpd',
  '/mOrders/ordersUPS': 'ups',
  '/eEP/transportlabel-awaits-orders': 'transportLabelAwaits',
  '/wEP/outbound': 'warehouse',
  '/wEP/problematic': 'problematic',
  '/wEP/inTransit': 'inTransit',
};

/**
 * Every page module below `pages/` (`home/HomePage`), each loaded lazily in its own chunk; the pages
 * outside the console's tabs (sign-in, password reset, the system page) are loaded by the router and the shell.
 */
const PAGES = import.meta.glob<{ default: ComponentType }>(['../pages/*/*Page.tsx', '!../pages/public/*', '!../pages/system/*']);

/** The screen of a page module whose default export is the screen; a wrong name fails at start-up. */
function page(file: string): LazyExoticComponent<ComponentType> {
  const load = PAGES[`../pages/${file}.tsx`];
  if (!load) throw new Error(`screens/registry: no page pages/${file}.tsx`);
  return lazyScreen(load);
}

/** Route path → page module (below `pages/`) for the screens that are a page's default export. */
const PAGE_SCREENS: Record<string, string> = {
  '/home': 'home/HomePage',
  '/personal/settings': 'personal/PersonalSettingsPage',
  '/settings/users/list': 'settings/UsersListPage',
  '/maske': 'maske/MaskRoutePage',
  '/maske/edit': 'maske/MaskEditPage',
  '/spreadsheet': 'maske/SpreadsheetPage',
  '/settings/masken': 'settings/MasksPage',
  '/settings/users/oauth2': 'settings/OauthClientsPage',
  '/carriergate/users': 'carrier-gate/GateUsersPage',
  '/carriergate/bills': 'carrier-gate/GateBillsPage',
  '/settings/files': 'settings/FilesPage',
  '/settings/list': 'settings/SettingsListPage',
  '/settings/carriers': 'carriers/CarrierSettingsPage',
  '/settings/roles/list': 'settings/RolesListPage',
  '/settings/roles/privileges': 'settings/PrivilegesPage',
  '/wms/munit': 'inventory/MergedUnitsPage',
  '/wms/inventory': 'inventory/InventoryPage',
  '/mEP/inventory': 'inventory/InventoryPage',
  '/eEP/inbound-orders': 'inbound/InboundOrdersPage',
  '/mEP/inbound-orders': 'inbound/InboundOrdersPage',
  '/wEP/inbound-orders': 'inbound/InboundOrdersPage',
  '/c7r/orders': 'inbound/ContainersPage',
  '/wEP/receivingScan': 'receiving/ReceivingScanPage',
  '/eEP/receiving': 'receiving/ReceivingPage',
  '/wEP/receiving': 'receiving/ReceivingPage',
  '/wEP/loggingScan': 'receiving/LoggingScanPage',
  '/eEP/received': 'returns/ReturnsPage',
  '/wEP/received': 'returns/ReturnsPage',
  '/mEP/received': 'returns/ReturnsPage',
  '/eEP/tickets': 'tickets/TicketsPage',
  '/tools/receivingExport': 'tools/ReceivingExportPage',
  '/tools/outboundExport': 'tools/OutboundExportPage',
  '/tools/outboundExportTask': 'tools/OutboundExportTaskPage',
  '/tools/labelMultiplePrint': 'labels/LabelMultiplePrintPage',
  '/tools/commonLogisticsLabels': 'labels/CommonLogisticsLabelsPage',
  '/pdfViewer': 'labels/PdfViewerPage',
  '/printItemlist': 'labels/PrintItemlistPage',
  '/wEP/printStation': 'printing/PrintStationPage',
  '/wEP/skuScan': 'sku-qc/SkuScanPage',
  '/wEP/shippingScan': 'shipping/ShippingScanPage',
  '/wEP/loadingScan': 'loading/LoadingScanPage',
  '/wEP/loadingConfigs': 'loading/LoadingConfigsPage',
  '/wEP/manifests': 'manifests/ManifestsPage',
  '/wEP/snScan': 'sku-qc/SnScanPage',
  '/wEP/pick2C': 'picking/PicklistsPage',
  '/mEP/picklist': 'picking/MerchantPicklistPage',
  '/wEP/packScanSingle': 'packing/PackScanSinglePage',
  '/wEP/pickingScan': 'picking-scan/PickingScanPage',
  '/wEP/packScanOrder': 'pack-scan-order/PackScanOrderPage',
  '/wEP/packScanBatch': 'packing/PackScanBatchPage',
  '/wEP/PackScanPre': 'packing/PackScanPrePage',
  '/wEP/PackScanEF': 'pack-scan-ef/PackScanEFPage',
  '/mEP/packScanRef': 'pack-scan-ref/PackScanRefPage',
  '/wEP/packlist': 'packing/PacklistPage',
  // The compartments' mask list with the range creator (issue 17 item 9).
  '/wms/storehouse/compartment': 'inventory/CompartmentsPage',
};

/**
 * The screens built so far, by route path. A route of the contracts' table appears in the menu and
 * can be opened only when a screen is bound here, so nothing unbuilt is shown. Every screen is its
 * own lazily loaded chunk.
 */
export const SCREENS: Record<string, LazyExoticComponent<ComponentType>> = {
  ...Object.fromEntries(Object.entries(PAGE_SCREENS).map(([path, file]) => [path, page(file)])),
  // Screens that are a page's named export with props.
  '/wms/item': lazyScreen(() => import('../pages/inventory/ItemsPage.js').then(({ ItemsPage }) => ({ default: () => <ItemsPage mask="wms.item" /> }))),
  '/mEP/item': lazyScreen(() => import('../pages/inventory/ItemsPage.js').then(({ ItemsPage }) => ({ default: () => <ItemsPage mask="mep.item" /> }))),
  '/labelBox': lazyScreen(() => import('../pages/labels/PdfViewerPage.js').then(({ UnitLabelsPage }) => ({ default: () => <UnitLabelsPage kind="box" /> }))),
  '/labelPLT': lazyScreen(() => import('../pages/labels/PdfViewerPage.js').then(({ UnitLabelsPage }) => ({ default: () => <UnitLabelsPage kind="pallet" /> }))),
  ...outbound(OUTBOUND_VIEWS),
  ...MASK_SCREENS,
};

/**
 * Paths bound to the same screen (issue 15 item 12): the menu shows each screen once, in the area of
 * the user's own endpoint when it has it there (route-match `menuRoutes`). Every path stays openable by
 * its address. The outbound lists are the same screen when they show the same server view.
 */
const SAME_SCREEN: Record<string, string[]> = {
  items: ['/wms/item', '/mEP/item'],
  inventory: ['/wms/inventory', '/mEP/inventory'],
  inventorylog: ['/wms/inventorylog', '/mEP/inventorylog'],
  inboundOrders: ['/eEP/inbound-orders', '/mEP/inbound-orders', '/wEP/inbound-orders'],
  receiving: ['/eEP/receiving', '/wEP/receiving'],
  returns: ['/eEP/received', '/wEP/received', '/mEP/received'],
};
const SCREEN_KEYS = new Map<string, string>([
  ...Object.entries(SAME_SCREEN).flatMap(([key, paths]) => paths.map((path) => [path, key] as [string, string])),
  ...Object.entries(OUTBOUND_VIEWS).map(([path, view]) => [path, `outbound:${view}`] as [string, string]),
]);

/** What identifies the screen bound to a path: paths with the same key show the same screen. */
export function screenKey(path: string): string {
  return SCREEN_KEYS.get(path) ?? path;
}

export function hasScreen(path: string): boolean {
  return path in SCREENS;
}
