import { TenantScope } from '../db/tenant-scope.js';
import type { Kysely } from 'kysely';
import type { DB } from '../db/types.js';
import { ReservationService } from '../modules/inventory/reservation.service.js';
import { StockService } from '../modules/inventory/stock.service.js';
import { OrderStatusService } from '../modules/outbound/order-status.service.js';
import { OutboundRepo } from '../modules/outbound/outbound.repo.js';
import { skuQcRepo } from '../modules/outbound/sku-qc.repo.js';

/**
 * MO20260002 as facts §8 shows it: its parcel scanned, waiting for its SKU QC and then one serial
 * (issue 18 item 10). The facts' QC list is [SKU-C, SKU-B]; SKU-B is merchant A's item in our demo,
 * so the order checks its own lines in their order: SKU-C (serial-required, the one SN) and
 * EF-CABLE-XT60. Runs after the outbound seed, which leaves the order packed and labelled.
 */
export async function seedSkuQc(db: Kysely<DB>): Promise<void> {
  const row = await db.selectFrom('outbound_orders').select('id').where('unid', '=', 'MO20260002').executeTakeFirst();
  if (!row) return;
  const repo = new OutboundRepo();
  const order = (await repo.order(db, Number(row.id), TenantScope.all, { lock: true }))!;
  const staff = await db.selectFrom('users').select('id').where('account', '=', 'staff@demo.local').executeTakeFirst();
  const status = new OrderStatusService(repo, new ReservationService({ db }, new StockService({ db })));
  await skuQcRepo.setSkuQcRequired(db, order.id, ['SKU-C', 'EF-CABLE-XT60']);
  await status.move(db, { userId: staff ? Number(staff.id) : null, merchantScope: TenantScope.all }, order, 'partialQc', { action: 'shippingScan' });
}
