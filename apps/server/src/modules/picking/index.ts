/**
 * The picking module's front door (issue 18, docs/picking.md): picklists (waves), the original
 * handheld's `p11y/pick` calls, presets and the picklist PDF. Writes that move outbound orders go
 * through flows/picklist.flow.ts, which hands the outbound machine in as an `OrderPort`.
 */
import type { Core } from '../../core.js';
import { PickingService } from './picking.service.js';

export { picklistWriter, type OrderPort } from './picklist-writer.service.js';
export { naturalCompare, pickPath, planWaves } from './pick-path.js';
export { staffOnly, type PickingService } from './picking.service.js';
export { picklistPdf } from './picklist-pdf.service.js';
export { BATCH_TABLE_TYPE, picklistTable, type PicklistAtTable } from './picklist-table.service.js';

const wired = new WeakMap<Core, { picking: PickingService }>();

/** The module's services, built once per core. */
export function pickingServices(core: Core) {
  let services = wired.get(core);
  if (!services) wired.set(core, (services = { picking: new PickingService(core) }));
  return services;
}
