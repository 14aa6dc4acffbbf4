/**
 * Every table and view with a `merchant_id` column, and how tenant scope reaches it (issue 16 item 6).
 * `apps/server/test/tenant-scope.test.ts` reads the generated types and fails when a table with the
 * column is missing here, and checks that each file named in `via` reads the table and narrows it with
 * the mechanism of `tenant-scope.ts` (`whereTenant` / `tenantSql`, or a generic resource declared
 * `scope: 'merchant'`, which uses them). A table that is not narrowed by the caller's scope says why.
 */
export type TenantTableRule =
  /** Rows a session reads are narrowed to its tenant scope in these files (paths under `src/modules/`). */
  | { scoped: true; via: readonly string[] }
  /** Not narrowed by the caller's scope; the reason says what protects it instead. */
  | { scoped: false; reason: string };

export const TENANT_TABLES: Readonly<Record<string, TenantTableRule>> = {
  billing_activity: { scoped: true, via: ['billing/billing.repo.ts'] },
  carrier_rules: {
    scoped: false,
    reason:
      'carrier configuration is staff-only (carrier.accounts privilege); its merchant_id selects the rule for an order of that merchant (accounts.repo, tenantSql)',
  },
  handed_over_parcels: {
    scoped: false,
    reason: 'the end-of-day manifests are staff-only (staffOnly in manifests.service): pallets and manifests mix merchants',
  },
  files: { scoped: true, via: ['files/files.repo.ts', 'inventory/item-import.repo.ts'] },
  inbound_orders: { scoped: true, via: ['inbound/inbound.repo.ts', 'inbound/receiving-export.repo.ts', 'home/home.repo.ts'] },
  inbound_orders_view: { scoped: true, via: ['inbound/inbound.resources.ts'] },
  inventory_log: { scoped: false, reason: 'written only by the stock ledger; read through inventory_log_view (scoped)' },
  inventory_log_view: { scoped: true, via: ['inventory/inventory.resources.ts'] },
  item_codes: { scoped: true, via: ['inventory/places.repo.ts', 'inventory/items.repo.ts', 'inventory/item-import.repo.ts'] },
  items: { scoped: true, via: ['inventory/inventory.resources.ts', 'inventory/places.repo.ts', 'inventory/lookups.repo.ts', 'inventory/item-labels.repo.ts'] },
  jobs: { scoped: false, reason: "a job is its creator's: jobs.repo reads by user id; all jobs need sys.jobs.all and tenantAllows in jobs.service" },
  label_queue: { scoped: true, via: ['carriers/labels.repo.ts'] },
  merged_units: { scoped: true, via: ['inventory/inventory.resources.ts'] },
  oauth_clients: { scoped: true, via: ['oauth/oauth.repo.ts'] },
  outbound_orders: {
    scoped: true,
    via: ['outbound/outbound.repo.ts', 'outbound/label-order.repo.ts', 'outbound/p11y-compat.repo.ts', 'tickets/tickets.repo.ts', 'home/home.repo.ts'],
  },
  outbound_orders_deleted: { scoped: true, via: ['outbound/outbound.resources.ts'] },
  outbound_orders_live: { scoped: true, via: ['outbound/outbound.resources.ts'] },
  outbound_orders_view: { scoped: false, reason: 'read by order id after outbound.repo found the order within the scope' },
  outbound_status_counts: { scoped: true, via: ['outbound/outbound.repo.ts', 'home/home.repo.ts'] },
  parcel_labels: { scoped: true, via: ['carriers/labels.repo.ts'] },
  reservations: { scoped: false, reason: 'written only by the stock ledger for a row of stock already resolved within the scope' },
  returns: { scoped: true, via: ['returns/returns.repo.ts', 'returns/returns-export.repo.ts'] },
  serials: { scoped: false, reason: 'registered by the receiving desk for an order resolved within the scope; read by stock id' },
  stock: { scoped: true, via: ['inventory/lookups.repo.ts'] },
  stock_count_lines: { scoped: false, reason: 'stocktakes are whole-warehouse work: stocktake.service refuses sessions bound to a merchant' },
  stock_view: { scoped: true, via: ['inventory/inventory.resources.ts', 'inventory/lookups.repo.ts'] },
  tickets: { scoped: true, via: ['tickets/tickets.repo.ts', 'home/home.repo.ts'] },
  tracking_events: { scoped: true, via: ['outbound/tracking.repo.ts'] },
  tickets_view: { scoped: true, via: ['tickets/tickets.resources.ts'] },
  users: { scoped: true, via: ['admin/users.repo.ts'] },
  outbound_serials: {
    scoped: false,
    reason:
      'written by the SKU QC desk for an order it found within the scope; a serial is unique per item across the warehouse, so the used-serial check reads every merchant on purpose',
  },
  // Written by the pack flow for an order it found within the scope; lists read it through pack_log_view, the home floor counts it.
  pack_log: { scoped: true, via: ['home/home.repo.ts'] },
  merchant_packing_rules: { scoped: true, via: ['packing/merchant-rules.repo.ts'] },
  pack_log_view: { scoped: true, via: ['packing/packing.repo.ts'] },
  prepacked_parcels: { scoped: true, via: ['packing/prepack.repo.ts'] },
  picklists: {
    scoped: false,
    reason:
      "warehouse work: every picklist call refuses a session bound to a merchant (NoPermission); a merchant's progress is read from its orders (picking.repo merchantProgress, tenantSql)",
  },
  // Written by the shipping scan (the order found within the scope); the log reads shipping_log_view, the home floor counts it.
  shipping_log: { scoped: true, via: ['home/home.repo.ts'] },
  shipping_log_view: { scoped: true, via: ['outbound/shipping-log.resources.ts'] },
  // Loading is warehouse work: every pallet call refuses a session bound to a merchant (NoPermission);
  // merchant_id records the order's owner (billing), and the home floor counts a merchant's loaded orders by it.
  pallet_tracking: { scoped: true, via: ['home/home.repo.ts'] },
  audit_log: { scoped: false, reason: 'the audit screen is refused to any session bound to a merchant (admin/audit.ts); merchant_id records who acted' },
};
