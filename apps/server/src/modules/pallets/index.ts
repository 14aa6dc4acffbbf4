/**
 * The pallets module's front door (issue 19, docs/loading.md): loading configs, the original
 * handheld's `wms/pallets` calls, the handover (through flows/pallet-handover.flow.ts) and its PDFs.
 */
import type { Core } from '../../core.js';
import { PalletsService } from './pallets.service.js';

export { closePallet, type HandoverOrderPort } from './handover.service.js';
export { createPalletWithCode, loadingNotFound, staffOnly, type PalletsService } from './pallets.service.js';

const wired = new WeakMap<Core, { pallets: PalletsService }>();

/** The module's services, built once per core. */
export function palletsServices(core: Core) {
  let services = wired.get(core);
  if (!services) wired.set(core, (services = { pallets: new PalletsService(core) }));
  return services;
}
