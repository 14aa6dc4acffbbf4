import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import { type TenantScope, whereTenant } from '../../db/tenant-scope.js';

export interface ItemRef {
  id: number;
  merchantId: number;
  sku: string;
  name: string;
  type: number;
  barcode: string;
  weight: number | null;
  serialRequired: boolean;
  serialPattern: string | null;
  batchTracked: boolean;
  expiryTracked: boolean;
}

export interface CompartmentRef {
  id: number;
  code: string;
  warehouseId: number;
  warehouseCode: string;
  zone: string;
  kind: string;
  priority: number;
  blocked: boolean;
}

const ITEM_COLUMNS = [
  'i.id',
  'i.merchant_id as merchantId',
  'i.sku',
  'i.name',
  'i.type',
  sql<string>`coalesce(i.barcodes->>0, '')`.as('barcode'),
  sql<number | null>`i.weight::float8`.as('weight'),
  'i.serial_required as serialRequired',
  'i.serial_pattern as serialPattern',
  'i.batch_tracked as batchTracked',
  'i.expiry_tracked as expiryTracked',
] as const;

/** Finding items and compartments by id or by a scanned code (facts §2.7, §3.10). */
export class PlacesRepo {
  private readonly db: Kysely<DB>;

  constructor(db: Kysely<DB>) {
    this.db = db;
  }

  async itemById(id: number, merchantScope: TenantScope): Promise<ItemRef | null> {
    const row = await this.db
      .selectFrom('items as i')
      .select(ITEM_COLUMNS)
      .where('i.id', '=', id)
      .$call(whereTenant(merchantScope, 'i.merchant_id'))
      .executeTakeFirst();
    return (row as ItemRef | undefined) ?? null;
  }

  /** Items whose SKU, barcode or alias is exactly this code (one per merchant at most). */
  async itemsByCode(code: string, merchantScope: TenantScope): Promise<ItemRef[]> {
    return (await this.db
      .selectFrom('item_codes as k')
      .innerJoin('items as i', 'i.id', 'k.item_id')
      .select(ITEM_COLUMNS)
      .where('k.code', '=', code)
      .$call(whereTenant(merchantScope, 'k.merchant_id'))
      .orderBy('i.id')
      .limit(10)
      .execute()) as ItemRef[];
  }

  private compartments() {
    return this.db
      .selectFrom('compartments as c')
      .innerJoin('warehouses as w', 'w.id', 'c.warehouse_id')
      .select(['c.id', 'c.code', 'c.warehouse_id as warehouseId', 'w.code as warehouseCode', 'c.zone', 'c.kind', 'c.priority', 'c.blocked']);
  }

  async compartmentById(id: number): Promise<CompartmentRef | null> {
    return ((await this.compartments().where('c.id', '=', id).executeTakeFirst()) as CompartmentRef | undefined) ?? null;
  }

  /** Compartments with this code (one per warehouse), first warehouse first. */
  async compartmentsByCode(code: string): Promise<CompartmentRef[]> {
    return (await this.compartments().where('c.code', '=', code.trim().toUpperCase()).orderBy('c.warehouse_id').execute()) as CompartmentRef[];
  }

  async compartmentsByIds(ids: number[]): Promise<CompartmentRef[]> {
    if (ids.length === 0) return [];
    return (await this.compartments().where('c.id', 'in', ids).orderBy('c.code').execute()) as CompartmentRef[];
  }

  async mergedUnitByCode(code: string) {
    return (
      ((await this.db
        .selectFrom('merged_units')
        .select(['id', 'merchant_id as merchantId', 'code', 'kind', 'compartment_id as compartmentId'])
        .where('code', '=', code.trim().toUpperCase())
        .executeTakeFirst()) as { id: number; merchantId: number; code: string; kind: string; compartmentId: number } | undefined) ?? null
    );
  }
}
