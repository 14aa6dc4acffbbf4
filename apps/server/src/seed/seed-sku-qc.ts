import { TenantScope } from '../db/tenant-scope.js';
import type { Kysely } from 'kysely';
import type { DB } from '../db/types.js';
import { orderWriter } from '../modules/outbound/index.js';
import type { DemoIds } from './seed.js';

/**
 * MO20260002 as facts §8 shows it: its parcel scanned, waiting for its SKU QC and then one serial
 * (issue 18 item 10). The facts' QC list is [SKU-C, SKU-B]; SKU-B is merchant A's item in our demo,
 * so the order checks its own lines in their order: SKU-C (serial-required, the one SN) and
 * EF-CABLE-XT60. Runs after the outbound seed, which leaves the order packed and labelled.
 */
export async function seedSkuQc(db: Kysely<DB>, ids: DemoIds): Promise<void> {
  const order = await orderWriter.lockedByUnid(db, 'MO20260002');
  if (!order) return;
  await orderWriter.awaitSkuQc(db, { userId: ids.staffId, merchantScope: TenantScope.all }, order, ['SKU-C', 'EF-CABLE-XT60']);
}
