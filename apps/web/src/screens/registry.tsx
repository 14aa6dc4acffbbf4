import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { OutboundView } from '../pages/outbound/outbound-api.js';
import { MASK_SCREENS } from './mask-screens.js';

/** The outbound lists (issue 7 §4): one screen, each path showing its server view. */
const outbound = (paths: Record<string, OutboundView>) =>
  Object.fromEntries(
    Object.entries(paths).map(([path, view]) => [
      path,
      lazy(() => import('../pages/outbound/OutboundOrdersPage.js').then(({ OutboundOrdersPage }) => ({ default: () => <OutboundOrdersPage view={view} /> }))),
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
  '/home': lazy(() => import('../pages/home/HomePage.js')),
  '/personal/settings': lazy(() => import('../pages/personal/PersonalSettingsPage.js')),
  '/settings/users/list': lazy(() => import('../pages/settings/UsersListPage.js')),
  '/maske': lazy(() => import('../pages/maske/MaskRoutePage.js')),
  '/maske/edit': lazy(() => import('../pages/maske/MaskEditPage.js')),
  '/spreadsheet': lazy(() => import('../pages/maske/SpreadsheetPage.js')),
  '/settings/masken': lazy(() => import('../pages/settings/MasksPage.js')),
  '/settings/users/oauth2': lazy(() => import('../pages/settings/OauthClientsPage.js')),
  '/settings/files': lazy(() => import('../pages/settings/FilesPage.js')),
  '/settings/roles/list': lazy(() => import('../pages/settings/RolesListPage.js')),
  '/settings/roles/privileges': lazy(() => import('../pages/settings/PrivilegesPage.js')),
  '/wms/item': lazy(() => import('../pages/inventory/ItemsPage.js').then(({ ItemsPage }) => ({ default: () => <ItemsPage mask="wms.item" /> }))),
  '/mEP/item': lazy(() => import('../pages/inventory/ItemsPage.js').then(({ ItemsPage }) => ({ default: () => <ItemsPage mask="mep.item" /> }))),
  '/wms/munit': lazy(() => import('../pages/inventory/MergedUnitsPage.js')),
  '/wms/inventory': lazy(() => import('../pages/inventory/InventoryPage.js')),
  '/mEP/inventory': lazy(() => import('../pages/inventory/InventoryPage.js')),
  '/eEP/inbound-orders': lazy(() => import('../pages/inbound/InboundOrdersPage.js')),
  '/mEP/inbound-orders': lazy(() => import('../pages/inbound/InboundOrdersPage.js')),
  '/wEP/inbound-orders': lazy(() => import('../pages/inbound/InboundOrdersPage.js')),
  '/c7r/orders': lazy(() => import('../pages/inbound/ContainersPage.js')),
  '/wEP/receivingScan': lazy(() => import('../pages/receiving/ReceivingScanPage.js')),
  '/eEP/receiving': lazy(() => import('../pages/receiving/ReceivingPage.js')),
  '/wEP/receiving': lazy(() => import('../pages/receiving/ReceivingPage.js')),
  '/wEP/loggingScan': lazy(() => import('../pages/receiving/LoggingScanPage.js')),
  '/eEP/received': lazy(() => import('../pages/returns/ReturnsPage.js')),
  '/wEP/received': lazy(() => import('../pages/returns/ReturnsPage.js')),
  '/mEP/received': lazy(() => import('../pages/returns/ReturnsPage.js')),
  '/eEP/tickets': lazy(() => import('../pages/tickets/TicketsPage.js')),
  '/tools/receivingExport': lazy(() => import('../pages/tools/ReceivingExportPage.js')),
  '/tools/outboundExport': lazy(() => import('../pages/tools/OutboundExportPage.js')),
  '/tools/outboundExportTask': lazy(() => import('../pages/tools/OutboundExportTaskPage.js')),
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
