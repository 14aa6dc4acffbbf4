/**
 * The packing module's front door (issue 18, docs/packing.md): the pack log and its list, the label
 * step after packing and the reprint. Packing itself ("these units of this order are packed into
 * these parcels") is the flow `flows/pack-order.flow.ts`, which writes the pack log through here.
 */
import type { Core } from '../../core.js';
import { MerchantRulesService } from './merchant-rules.service.js';
import { PackingService } from './packing.service.js';

export type { NewPackedParcel } from './packing.repo.js';
export { packLog } from './pack-log.service.js';
export { packTableUnits, prepackedParcels } from './pack-station-ports.service.js';
export type { PrepackedParcel } from './prepack.repo.js';

export type { MerchantRulesService } from './merchant-rules.service.js';

const wired = new WeakMap<Core, { packing: PackingService; merchantRules: MerchantRulesService }>();

/** The module's services, built once per core. */
export function packingServices(core: Core) {
  let services = wired.get(core);
  if (!services) wired.set(core, (services = { packing: new PackingService(core), merchantRules: new MerchantRulesService(core) }));
  return services;
}
