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
 * The screens built so far, by route path. A route of the contracts' table appears in the menu and
 * can be opened only when a screen is bound here, so nothing unbuilt is shown. Every screen is its
 * own lazily loaded chunk.
 */
export const SCREENS: Record<string, LazyExoticComponent<ComponentType>> = {
  '/home': lazyScreen(() => import('../pages/home/HomePage.js')),
  '/personal/settings': lazyScreen(() => import('../pages/personal/PersonalSettingsPage.js')),
  '/settings/users/list': lazyScreen(() => import('../pages/settings/UsersListPage.js')),
  '/maske': lazyScreen(() => import('../pages/maske/MaskRoutePage.js')),
  '/maske/edit': lazyScreen(() => import('../pages/maske/MaskEditPage.js')),
  '/spreadsheet': lazyScreen(() => import('../pages/maske/SpreadsheetPage.js')),
  '/settings/masken': lazyScreen(() => import('../pages/settings/MasksPage.js')),
  '/settings/users/oauth2': lazyScreen(() => import('../pages/settings/OauthClientsPage.js')),
  '/carriergate/users': lazyScreen(() => import('../pages/carrier-gate/GateUsersPage.js')),
  '/carriergate/bills': lazyScreen(() => import('../pages/carrier-gate/GateBillsPage.js')),
  '/settings/files': lazyScreen(() => import('../pages/settings/FilesPage.js')),
  '/settings/list': lazyScreen(() => import('../pages/settings/SettingsListPage.js')),
  '/settings/carriers': lazyScreen(() => import('../pages/carriers/CarrierSettingsPage.js')),
  '/settings/roles/list': lazyScreen(() => import('../pages/settings/RolesListPage.js')),
  '/settings/roles/privileges': lazyScreen(() => import('../pages/settings/PrivilegesPage.js')),
  '/wms/item': lazyScreen(() => import('../pages/inventory/ItemsPage.js').then(({ ItemsPage }) => ({ default: () => <ItemsPage mask="wms.item" /> }))),
  '/mEP/item': lazyScreen(() => import('../pages/inventory/ItemsPage.js').then(({ ItemsPage }) => ({ default: () => <ItemsPage mask="mep.item" /> }))),
  '/wms/munit': lazyScreen(() => import('../pages/inventory/MergedUnitsPage.js')),
  '/wms/inventory': lazyScreen(() => import('../pages/inventory/InventoryPage.js')),
  '/mEP/inventory': lazyScreen(() => import('../pages/inventory/InventoryPage.js')),
  '/eEP/inbound-orders': lazyScreen(() => import('../pages/inbound/InboundOrdersPage.js')),
  '/mEP/inbound-orders': lazyScreen(() => import('../pages/inbound/InboundOrdersPage.js')),
  '/wEP/inbound-orders': lazyScreen(() => import('../pages/inbound/InboundOrdersPage.js')),
  '/c7r/orders': lazyScreen(() => import('../pages/inbound/ContainersPage.js')),
  '/wEP/receivingScan': lazyScreen(() => import('../pages/receiving/ReceivingScanPage.js')),
  '/eEP/receiving': lazyScreen(() => import('../pages/receiving/ReceivingPage.js')),
  '/wEP/receiving': lazyScreen(() => import('../pages/receiving/ReceivingPage.js')),
  '/wEP/loggingScan': lazyScreen(() => import('../pages/receiving/LoggingScanPage.js')),
  '/eEP/received': lazyScreen(() => import('../pages/returns/ReturnsPage.js')),
  '/wEP/received': lazyScreen(() => import('../pages/returns/ReturnsPage.js')),
  '/mEP/received': lazyScreen(() => import('../pages/returns/ReturnsPage.js')),
  '/eEP/tickets': lazyScreen(() => import('../pages/tickets/TicketsPage.js')),
  '/tools/receivingExport': lazyScreen(() => import('../pages/tools/ReceivingExportPage.js')),
  '/tools/outboundExport': lazyScreen(() => import('../pages/tools/OutboundExportPage.js')),
  '/tools/outboundExportTask': lazyScreen(() => import('../pages/tools/OutboundExportTaskPage.js')),
  '/tools/labelMultiplePrint': lazyScreen(() => import('../pages/labels/LabelMultiplePrintPage.js')),
  '/tools/commonLogisticsLabels': lazyScreen(() => import('../pages/labels/CommonLogisticsLabelsPage.js')),
  '/pdfViewer': lazyScreen(() => import('../pages/labels/PdfViewerPage.js')),
  '/labelBox': lazyScreen(() => import('../pages/labels/PdfViewerPage.js').then(({ UnitLabelsPage }) => ({ default: () => <UnitLabelsPage kind="box" /> }))),
  '/printItemlist': lazyScreen(() => import('../pages/labels/PrintItemlistPage.js')),
  '/labelPLT': lazyScreen(() => import('../pages/labels/PdfViewerPage.js').then(({ UnitLabelsPage }) => ({ default: () => <UnitLabelsPage kind="pallet" /> }))),
  '/wEP/printStation': lazyScreen(() => import('../pages/printing/PrintStationPage.js')),
  '/wEP/skuScan': lazyScreen(() => import('../pages/sku-qc/SkuScanPage.js')),
  '/wEP/shippingScan': lazyScreen(() => import('../pages/shipping/ShippingScanPage.js')),
  '/wEP/loadingScan': lazyScreen(() => import('../pages/loading/LoadingScanPage.js')),
  '/wEP/loadingConfigs': lazyScreen(() => import('../pages/loading/LoadingConfigsPage.js')),
  '/wEP/manifests': lazyScreen(() => import('../pages/manifests/ManifestsPage.js')),
  '/wEP/snScan': lazyScreen(() => import('../pages/sku-qc/SnScanPage.js')),
  '/wEP/pick2C': lazyScreen(() => import('../pages/picking/PicklistsPage.js')),
  '/mEP/picklist': lazyScreen(() => import('../pages/picking/MerchantPicklistPage.js')),
  '/wEP/packScanSingle': lazyScreen(() => import('../pages/packing/PackScanSinglePage.js')),
  '/wEP/pickingScan': lazyScreen(() => import('../pages/picking-scan/PickingScanPage.js')),
  '/wEP/packScanOrder': lazyScreen(() => import('../pages/pack-scan-order/PackScanOrderPage.js')),
  '/wEP/packScanBatch': lazyScreen(() => import('../pages/packing/PackScanBatchPage.js')),
  '/wEP/PackScanPre': lazyScreen(() => import('../pages/packing/PackScanPrePage.js')),
  '/wEP/PackScanEF': lazyScreen(() => import('../pages/pack-scan-ef/PackScanEFPage.js')),
  '/mEP/packScanRef': lazyScreen(() => import('../pages/pack-scan-ref/PackScanRefPage.js')),
  '/wEP/packlist': lazyScreen(() => import('../pages/packing/PacklistPage.js')),
  ...outbound(OUTBOUND_VIEWS),
  ...MASK_SCREENS,
  // The compartments' mask list with the range creator (issue 17 item 9).
  '/wms/storehouse/compartment': lazyScreen(() => import('../pages/inventory/CompartmentsPage.js')),
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
