/**
 * The inventory module's front door (issue 16 item 2): other modules and flows import from here only.
 * It exports services and answers; the repositories stay inside the module.
 */
export { INVENTORY_RESOURCES } from './inventory.resources.js';
export type { ItemRef, CompartmentRef } from './places.repo.js';
export { Places, putawayTargets, warehouses, labelItems, receivedSerials } from './places.service.js';
export { ReservationService } from './reservation.service.js';
export { insufficient, mustBeOpen } from './resolve.js';
export { stockTransaction } from './stock-tx.js';
export type { Actor } from './stock-tx.js';
export { StockLedger } from './stock-ledger.service.js';
export type { StockRow } from './stock.repo.js';
export { StockService } from './stock.service.js';
export type { ItemForLabel } from './item-labels.repo.js';
export { CompartmentRangeService } from './compartment-range.service.js';
export type { CompartmentRangeRequest, RangePreview } from './compartment-range.service.js';
export { compartmentsForLabels } from './compartment-range.service.js';
export type { CompartmentForLabel } from './compartment-range.repo.js';
export { GoodsIssue } from './goods-issue.js';
export type { IssueRef, Issued } from './goods-issue.js';
export { InventoryLookups } from './lookups.service.js';
export { bookOpeningStock, type OpeningStock } from './opening-stock.service.js';
