/**
 * The manifests module's front door (issue 19 item 4, docs/manifests.md): end-of-day manifests per
 * carrier account and day over the parcels handed over with the pallets, the carrier's close-out call
 * through the carrier driver, the documents and the cut-off flag.
 */
import type { Core } from '../../core.js';
import { HandoverActivityService } from './handover-activity.service.js';
import { ManifestsService } from './manifests.service.js';

export { MANIFEST_CUTOFF_JOB, type ManifestsService } from './manifests.service.js';
export type { HandoverActivityService } from './handover-activity.service.js';

const wired = new WeakMap<Core, { manifests: ManifestsService; handoverActivity: HandoverActivityService }>();

/** The module's services, built once per core. */
export function manifestsServices(core: Core) {
  let services = wired.get(core);
  if (!services) wired.set(core, (services = { manifests: new ManifestsService(core), handoverActivity: new HandoverActivityService(core) }));
  return services;
}
