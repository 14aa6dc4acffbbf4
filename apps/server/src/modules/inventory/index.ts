/**
 * The inventory module's front door (issue 16 item 2): other modules and flows import from here only.
 */
export { INVENTORY_RESOURCES } from './inventory.resources.js';
export { PlacesRepo } from './places.repo.js';
export type { ItemRef } from './places.repo.js';
export { putawayPlaces } from './putaway-places.repo.js';
export { registerReceivedSerials } from './receiving-serials.repo.js';
export { ReservationService } from './reservation.service.js';
export { insufficient, mustBeOpen, resolveCompartment } from './resolve.js';
export { stockTransaction } from './stock-tx.js';
export type { Actor } from './stock-tx.js';
export { StockRepo } from './stock.repo.js';
export type { StockRow } from './stock.repo.js';
export { StockService } from './stock.service.js';
export { warehouseExists, warehouseOptions } from './warehouse-options.repo.js';
export { itemsForLabels } from './item-labels.repo.js';
export type { ItemForLabel } from './item-labels.repo.js';
