/**
 * THE route catalogue: every screen path of spec §2 with its permission mask (the privilege that
 * grants it), the i18n key of its title, its menu icon and its cache/affix flags. The server derives
 * `GET /v0/role/route` from it; the web derives its menu and router from it (a route is shown only
 * when a screen is bound to it). Masks in brackets in the spec keep their names; where the spec names
 * none, the mask is `<area>.<screen>.view` so that every screen can be granted on its own.
 */
export interface RouteDef {
  path: string;
  titleKey: string;
  /** Privilege that makes this route visible; absent on group nodes (visible when a child is). */
  mask?: string;
  icon?: string;
  /** Not kept in the visited-tab cache: remounts on every visit. */
  noCache?: boolean;
  affix?: boolean;
  hidden?: boolean;
  redirect?: string;
  /** Who the area is for; children inherit it. Staff areas (eEP, wEP ...) stay hidden from merchants
   * holding the same list privilege, and the merchant endpoint from staff (admin sees everything). */
  audience?: 'staff' | 'external';
  children?: RouteDef[];
}

const r = (path: string, titleKey: string, mask: string | undefined, extra: Partial<RouteDef> = {}): RouteDef => ({
  path,
  titleKey: `route.${titleKey}`,
  ...(mask ? { mask } : {}),
  ...extra,
});
const group = (path: string, titleKey: string, icon: string, children: RouteDef[], extra: Partial<RouteDef> = {}): RouteDef => ({
  path,
  titleKey: `route.${titleKey}`,
  icon,
  redirect: children[0]?.path,
  children,
  ...extra,
});

export const ROUTES: RouteDef[] = [
  r('/home', 'home', undefined, { icon: 'HomeOutlined', affix: true }),
  r('/personal/settings', 'personalSettings', undefined, { hidden: true }),
  r('/calendar/index', 'calendar', 'calendar.view', { icon: 'CalendarOutlined' }),
  group('/purchases', 'purchases', 'ShoppingCartOutlined', [
    r('/purchases/suppliers', 'suppliers', 'purchases.suppliers.list'),
    r('/purchases/bills', 'bills', 'purchases.bills.list'),
  ]),
  group('/wms', 'wms', 'DatabaseOutlined', [
    group('/wms/storehouse', 'storehouse', 'HddOutlined', [
      r('/wms/storehouse/warehouse', 'warehouse', 'wms.warehouse.list'),
      r('/wms/storehouse/compartment', 'compartment', 'wms.compartment.list'),
    ]),
    r('/wms/item', 'item', 'wms.item.list'),
    r('/wms/munit', 'munit', 'wms.mergedUnit.list'),
    r('/wms/inventory', 'inventory', 'wms.inventory.list'),
    r('/wms/inventorylog', 'inventorylog', 'wms.inventorylog.list'),
  ]),
  group('/sales', 'sales', 'ShopOutlined', [
    group('/sales/customers', 'customersGroup', 'TeamOutlined', [r('/sales/customers/customers', 'customers', 'customer.list')]),
    r('/sales/invoices', 'salesInvoices', 'sales.invoices.list'),
    group('/sales/channels', 'channels', 'ApiOutlined', [
      group('/sales/channels/proxyDelivery', 'proxyDelivery', 'SendOutlined', [
        r('/sales/channels/proxyDelivery/pd-orders', 'pdOrders', 'p11y.orders.list'),
        r('/sales/channels/proxyDelivery/pd-orders-deleted', 'pdOrdersDeleted', 'p11y.ordersDeleted.list'),
      ]),
    ]),
  ]),
  group('/accounting', 'accounting', 'AccountBookOutlined', [
    r('/accounting/accounts', 'accounts', 'accounting.accounts.list'),
    r('/accounting/transactions', 'transactions', 'accounting.transactions.list'),
    r('/accounting/payment/methods', 'paymentMethods', 'accounting.paymentMethods.list'),
  ]),
  group('/finance', 'finance', 'EuroOutlined', [
    r('/finance/invoices-eur', 'invoicesEur', 'invoice.sale.eur.list'),
    r('/finance/invoices-usd', 'invoicesUsd', 'invoice.sale.usd.list'),
    r('/finance/balance-query', 'balanceQuery', 'invoice.balance.query'),
    r('/finance/payables', 'payables', 'purchases.bills.list'),
  ]),
  group(
    '/eEP',
    'eEP',
    'SolutionOutlined',
    [
      r('/eEP/receiving', 'receiving', 'r7g.receiving.list', { noCache: true }),
      r('/eEP/inbound-orders', 'inboundOrders', 'r7g.orders.list'),
      r('/eEP/outbound-orders', 'outboundOrders', 'p11y.orders.list'),
      r('/eEP/transportlabel-awaits-orders', 'transportLabelAwaits', 'oms.ordersTransportLabelAwaits.list', { noCache: true }),
      r('/eEP/delivery-orders-deleted', 'deliveryOrdersDeleted', 'p11y.ordersDeleted.list', { noCache: true }),
      r('/eEP/received', 'received', 'r7g.received.list'),
      r('/eEP/tickets', 'tickets', 'p11y.tickets.list', { noCache: true }),
      r('/eEP/customers', 'eepCustomers', 'crm.customer.list'),
      r('/eEP/channels', 'eepChannels', 'm4t.channel.list'),
    ],
    { redirect: '/eEP/receiving', audience: 'staff' },
  ),
  group(
    '/mEP',
    'mEP',
    'UserOutlined',
    [
      r('/mEP/inbound-orders', 'inboundOrders', 'r7g.orders.list'),
      r('/mEP/outbound-orders', 'outboundOrders', 'p11y.orders.list'),
      r('/mEP/orders-deleted', 'ordersDeleted', 'p11y.ordersDeleted.list', { noCache: true }),
      r('/mEP/received', 'received', 'r7g.received.list'),
      r('/mEP/picklist', 'picklist', 'p11y.pick2C.list'),
      r('/mEP/packScanRef', 'packScanRef', 'p11y.packScanRef.view', { noCache: true }),
      r('/mEP/channels', 'eepChannels', 'm4t.channel.list'),
      r('/mEP/groups', 'groups', 'crm.customer.list'),
      r('/mEP/item', 'item', 'wms.item.list'),
      r('/mEP/inventory', 'inventory', 'wms.inventory.list'),
      r('/mEP/inventorylog', 'inventorylog', 'wms.inventorylog.list'),
    ],
    { audience: 'external' },
  ),
  group('/mOrders', 'mOrders', 'CarOutlined', [
    r('/mOrders/ordersDHL', 'ordersDHL', 'p11y.ordersDHL.list'),
    r('/mOrders/ordersDPD', 'ordersDPD', 'p11y.ordersDPD.list'),
    r('/mOrders/ordersUPS', 'ordersUPS', 'p11y.ordersUPS.list'),
  ]),
  group('/2bc', 'twoBC', 'InboxOutlined', [
    r('/2bc/collectRequest', 'collectRequest', '2bc.request.list'),
    r('/2bc/collectOrder', 'collectOrder', '2bc.collect.list'),
  ]),
  r('/c7r/orders', 'containerOrders', 'c7r.orders.list', { icon: 'ContainerOutlined' }),
  r('/t12n/orders', 'transportInquiry', 't12n.orders.list', { icon: 'NodeIndexOutlined' }),
  group(
    '/wEP',
    'wEP',
    'ScanOutlined',
    [
      r('/wEP/pick2C', 'pick2C', 'p11y.pick2C.list'),
      r('/wEP/outbound', 'outbound', 'oms.outbound.list'),
      r('/wEP/problematic', 'problematic', 'p11y.problematic.list'),
      r('/wEP/packScanOrder', 'packScanOrder', 'wms.packScanOrder.view', { noCache: true }),
      r('/wEP/packScanBatch', 'packScanBatch', 'wms.packScanBatch.view', { noCache: true }),
      r('/wEP/PackScanEF', 'packScanEF', 'wms.packScanEF.view', { noCache: true }),
      r('/wEP/PackScanPre', 'packScanPre', 'wms.packScanPre.view', { noCache: true }),
      r('/wEP/packScanSingle', 'packScanSingle', 'wms.packScanSingle.view', { noCache: true }),
      r('/wEP/pickingScan', 'pickingScan', 'wms.pickingScan.view', { noCache: true }),
      r('/wEP/received', 'received', 'r7g.received.list'),
      r('/wEP/receiving', 'receiving', 'r7g.receiving.list'),
      r('/wEP/inbound-orders', 'inboundOrders', 'r7g.orders.list'),
      r('/wEP/shippingScan', 'shippingScan', 'wms.shippingScan.view', { noCache: true }),
      r('/wEP/loadingScan', 'loadingScan', 'wms.loadingScan.view', { noCache: true }),
      r('/wEP/loadingConfigs', 'loadingConfigs', 'wms.pallets.list'),
      r('/wEP/manifests', 'manifests', 'wms.manifests.list'),
      r('/wEP/loggingScan', 'loggingScan', 'wms.loggingScan.view', { noCache: true }),
      r('/wEP/receivingScan', 'receivingScan', 'wms.receivingScan.view', { noCache: true }),
      r('/wEP/packlist', 'packlist', 'p11y.packlist.list'),
      r('/wEP/snScan', 'snScan', 'wms.snScan.view', { noCache: true }),
      r('/wEP/skuScan', 'skuScan', 'wms.skuScan.view', { noCache: true }),
      r('/wEP/shippingLog', 'shippingLog', 'p11y.shippinglog.list'),
      r('/wEP/inTransit', 'inTransit', 'p11y.shipped.list'),
      r('/wEP/printStation', 'printStation', 'wms.printStation.view'),
    ],
    { audience: 'staff' },
  ),
  group('/carriergate', 'carriergate', 'GatewayOutlined', [
    r('/carriergate/users', 'carrierUsers', 'c5r.users.list'),
    r('/carriergate/bills', 'carrierBills', 'c5r.bills.list'),
  ]),
  group('/shopifyEP', 'shopifyEP', 'ShoppingOutlined', [r('/shopifyEP/oauth', 'shopifyOauth', 'm4t.shopify.oauth')]),
  group('/tools', 'tools', 'ToolOutlined', [
    r('/tools/labelMultiplePrint', 'labelMultiplePrint', 'tools.labelMultiplePrint.view'),
    r('/tools/commonLogisticsLabels', 'commonLogisticsLabels', 'tools.commonLogisticsLabels.view'),
    r('/tools/receivingExport', 'receivingExport', 'tools.receivingExport.view'),
    r('/tools/outboundExport', 'outboundExport', 'tools.outboundExport.view'),
    r('/tools/outboundExportTask', 'outboundExportTask', 'tools.outboundExportTask.view'),
  ]),
  group('/oa', 'oa', 'CarryOutOutlined', [r('/oa/task', 'oaTask', 'oa.task.list'), r('/oa/attendanceList', 'attendanceList', 'oa.attendance.list')]),
  group('/dev', 'dev', 'CodeOutlined', [r('/dev/devRequirment', 'devRequirement', 'dev.task.list')]),
  group(
    '/settings',
    'settings',
    'SettingOutlined',
    [
      r('/settings/settingPrinters', 'settingPrinters', 'sys.printers.list'),
      r('/settings/carriers', 'carrierSettings', 'sys.carriers.list'),
      r('/settings/announcements', 'announcements', 'sys.announcements.list'),
      r('/settings/merchant', 'merchant', 'sys.merchant.list'),
      r('/settings/tax', 'tax', 'sys.tax.list'),
      group('/settings/users', 'users', 'TeamOutlined', [
        r('/settings/users/list', 'usersList', 'sys.users.list'),
        r('/settings/users/oauth2', 'oauth2', 'sys.oauth2.list'),
      ]),
      r('/settings/masken', 'masken', 'sys.masken.list'),
      r('/settings/files', 'files', 'sys.files.list'),
      group('/settings/roles', 'roles', 'SafetyOutlined', [
        r('/settings/roles/list', 'rolesList', 'sys.roles.list'),
        r('/settings/roles/privileges', 'privileges', 'sys.roles.list'),
      ]),
      group('/settings/classes', 'classes', 'ScheduleOutlined', [
        r('/settings/classes/list', 'classesList', 'sys.classes.list'),
        r('/settings/classes/duties', 'duties', 'sys.classes.list'),
      ]),
      r('/settings/lookup', 'lookup', 'sys.lookup.list'),
      r('/settings/list', 'settingsList', 'sys.settings.list'),
    ],
    { audience: 'staff' },
  ),
  group('/meta', 'meta', 'AppstoreOutlined', [
    r('/meta/businessCategory', 'businessCategory', 'a8g.quotation.category.list'),
    r('/meta/baseQuotation', 'baseQuotation', 'a8g.base.quotation.new'),
    r('/meta/quotationPricingConfig', 'quotationPricingConfig', 'a8g.base.quotation.new'),
  ]),
];

/** Paths open without a token (spec §2 "Reachable without a token"). */
export const PUBLIC_PATHS = ['/login', '/auth-redirect', '/resetPasswordRequest', '/resetPassword', '/shopify/redirect', '/ebay/redirect'] as const;

/** Hidden utility routes (spec §2): reachable by URL when logged in, never in the menu. */
export const UTILITY_PATHS = [
  '/404',
  '/401',
  '/redirect',
  '/pdfViewer',
  '/print',
  '/label',
  '/labelBox',
  '/labelPLT',
  '/spreadsheet',
  '/maske',
  '/clear',
  '/printItemlist',
] as const;

/** Always allowed to a logged-in user (spec §6). */
export const ALWAYS_ALLOWED_PATHS = ['/home', '/personal/settings'] as const;

export function flattenRoutes(routes: RouteDef[] = ROUTES): RouteDef[] {
  return routes.flatMap((route) => [route, ...flattenRoutes(route.children ?? [])]);
}

/** Every privilege a screen route is guarded by. */
export function routeMasks(): string[] {
  return [...new Set(flattenRoutes().flatMap((route) => (route.mask ? [route.mask] : [])))].sort();
}

/**
 * The allowed paths for a holder of `privileges` (spec §6): leaf routes whose mask is held, plus every
 * ancestor of such a route (a group is visible when a child is), plus the always-allowed paths.
 */
export function allowedPaths(privileges: ReadonlySet<string>, isAdmin: boolean, isStaff = true, routes: RouteDef[] = ROUTES): string[] {
  const out = new Set<string>(ALWAYS_ALLOWED_PATHS);
  const visit = (route: RouteDef, inherited?: RouteDef['audience']): boolean => {
    const audience = route.audience ?? inherited;
    const childAllowed = (route.children ?? []).map((child) => visit(child, audience)).some(Boolean);
    const audienceOk = isAdmin || !audience || (audience === 'staff') === isStaff;
    const selfAllowed = route.mask ? audienceOk && (isAdmin || privileges.has(route.mask)) : false;
    const allowed = selfAllowed || childAllowed || (!route.mask && !route.children && ALWAYS_ALLOWED_PATHS.includes(route.path as never));
    if (allowed) out.add(route.path);
    return allowed;
  };
  routes.forEach((route) => visit(route));
  return [...out];
}

/**
 * Parent/child prefix matching (spec §6): a path is allowed when it equals an allowed path or lies
 * below one (`/wEP/shippingScan/123` under `/wEP/shippingScan`). A group path alone does not open its
 * siblings: `/wEP` being allowed because one child is does not allow `/wEP/other`.
 */
export function isPathAllowed(path: string, allowed: readonly string[]): boolean {
  const clean = path.replace(/\/+$/, '') || '/';
  const groups = new Set(
    flattenRoutes()
      .filter((route) => route.children?.length)
      .map((route) => route.path),
  );
  return allowed.some((p) => clean === p || (!groups.has(p) && clean.startsWith(p + '/')));
}
