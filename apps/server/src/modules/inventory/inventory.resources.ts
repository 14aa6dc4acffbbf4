import { STOCK_NOT_NULL } from '@kontor/contracts/responses/resource-rows';
import { itemWriteSchema, mergedUnitWriteSchema } from '@kontor/contracts/domains/inventory';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { DB } from '../../db/types.js';
import { AppError, ruleError } from '../../http/app-error.js';
import { defineResource, resourceHead, resourcePrivileges, type ResourceDef } from '../resources/index.js';
import { ItemsRepo, type ItemCode } from './items.repo.js';

/**
 * Keeps the codes that find an item (SKU, barcodes, aliases) in item_codes, unique per merchant
 * (issue 5 §2): a clash with another item of the same merchant is a Duplicate naming the field.
 */
export async function syncItemCodes(trx: Kysely<DB>, row: { id: number; merchantId: number | null; values: Record<string, unknown> }) {
  const merchantId = row.merchantId!;
  const v = row.values as { sku: string; barcodes: string[]; aliases: string[]; components: Array<{ itemId: number }> };
  const codes: Array<ItemCode & { field: string }> = [
    { code: v.sku, kind: 'sku', field: 'sku' },
    ...v.barcodes.map((code) => ({ code, kind: 'barcode' as const, field: 'barcodes' })),
    ...v.aliases.map((code) => ({ code, kind: 'alias' as const, field: 'aliases' })),
  ];
  await ItemsRepo.deleteCodes(trx, row.id);
  const clash = await ItemsRepo.takenCode(
    trx,
    merchantId,
    codes.map((c) => c.code),
  );
  if (clash !== null) {
    const field = codes.find((c) => c.code === clash)!.field;
    throw new AppError('Duplicate', { fields: [{ field, message: clash }] });
  }
  await ItemsRepo.insertCodes(
    trx,
    merchantId,
    row.id,
    codes.map(({ code, kind }) => ({ code, kind })),
  );
  const componentIds = v.components.map((c) => c.itemId);
  if (componentIds.length === 0) return;
  if (componentIds.includes(row.id)) throw new AppError('IntegrityError', { fields: [ruleError('components', 'containsItself')] });
  if ((await ItemsRepo.countOfMerchant(trx, merchantId, componentIds)) !== new Set(componentIds).size) {
    throw new AppError('IntegrityError', { fields: [ruleError('components', 'sameMerchantComponents')] });
  }
}

/** Items, the stock and ledger read models, merged units and stock counts (issue 5). */
export const INVENTORY_RESOURCES: ResourceDef[] = [
  defineResource({
    ...resourceHead('item', '/v0/items/', 'items', 'merchant', 'wms.item.list', 'wms.item.edit'),
    fields: {
      sku: { kind: 'text', search: true, filter: true, sort: true },
      name: { kind: 'text', search: true, sort: true },
      type: { kind: 'int', filter: true, sort: true },
      barcodes: { kind: 'json' },
      aliases: { kind: 'json' },
      components: { kind: 'json' },
      weight: { kind: 'decimal', filter: true },
      length: { kind: 'decimal' },
      width: { kind: 'decimal' },
      height: { kind: 'decimal' },
      serialRequired: { kind: 'bool', filter: true },
      serialPattern: { kind: 'text' },
      batchTracked: { kind: 'bool', filter: true },
      expiryTracked: { kind: 'bool', filter: true },
      hsCode: { kind: 'text', search: true },
      originCountry: { kind: 'text', filter: true },
      customsValue: { kind: 'int' },
      customsCurrency: { kind: 'text' },
      image: { kind: 'text' },
      remark: { kind: 'text', search: true },
    },
    write: itemWriteSchema,
    defaultSort: { field: 'createdAt', order: 'desc' },
    unique: [['sku']],
    onWrite: syncItemCodes,
    async inUse(db, id) {
      if (await ItemsRepo.itemHasStockRows(db, id)) return 'still has stock rows';
      if (await ItemsRepo.itemHasHistory(db, id)) return 'has a stock history';
      const container = await ItemsRepo.skuContaining(db, id);
      return container === null ? null : `is a component of ${container}`;
    },
  }),
  defineResource({
    name: 'stock',
    path: '/v0/stock/',
    table: 'stock_view',
    scope: 'merchant',
    readOnly: true,
    privileges: resourcePrivileges('wms.inventory.list'),
    fields: {
      itemId: { kind: 'int', filter: true },
      sku: { kind: 'text', search: true, filter: true, sort: true },
      itemName: { kind: 'text', search: true },
      warehouseId: { kind: 'int', filter: true },
      warehouseCode: { kind: 'text', filter: true },
      compartmentId: { kind: 'int', filter: true },
      compartmentCode: { kind: 'text', search: true, filter: true, sort: true },
      unitId: { kind: 'int', filter: true },
      batch: { kind: 'text', search: true, filter: true, sort: true },
      expiry: { kind: 'date', filter: true },
      status: { kind: 'int', filter: true, sort: true },
      quantity: { kind: 'int', filter: true, sort: true },
      reserved: { kind: 'int', filter: true, sort: true },
      available: { kind: 'int', filter: true, sort: true },
      merchantName: { kind: 'text', filter: true },
      // Most recently changed first: what the warehouse just touched (backed by stock (updated_at, id)).
      updatedAt: { kind: 'datetime', filter: true, sort: true },
    },
    notNull: STOCK_NOT_NULL,
    write: z.object({}),
    defaultSort: { field: 'updatedAt', order: 'desc' },
  }),
  defineResource({
    name: 'inventoryLog',
    path: '/v0/inventorylog/',
    table: 'inventory_log_view',
    scope: 'merchant',
    readOnly: true,
    privileges: resourcePrivileges('wms.inventorylog.list'),
    fields: {
      stockId: { kind: 'int', filter: true },
      itemId: { kind: 'int', filter: true },
      sku: { kind: 'text', search: true, filter: true },
      warehouseId: { kind: 'int', filter: true },
      compartmentId: { kind: 'int', filter: true },
      compartmentCode: { kind: 'text', search: true, filter: true },
      batch: { kind: 'text', search: true, filter: true },
      status: { kind: 'int', filter: true },
      delta: { kind: 'int', filter: true },
      deltaReserved: { kind: 'int', filter: true },
      quantityAfter: { kind: 'int' },
      reservedAfter: { kind: 'int' },
      reason: { kind: 'text', filter: true, sort: true },
      reasonCode: { kind: 'text', filter: true },
      refType: { kind: 'text', filter: true },
      refId: { kind: 'text', search: true, filter: true },
      /** The reference's document number (an outbound order's MO…, not its id). */
      refNo: { kind: 'text' },
      userId: { kind: 'int', filter: true },
      userName: { kind: 'text' },
      note: { kind: 'text', search: true },
    },
    write: z.object({}),
    defaultSort: { field: 'createdAt', order: 'desc' },
  }),
  defineResource({
    ...resourceHead('mergedUnit', '/v0/munits/', 'merged_units', 'merchant', 'wms.mergedUnit.list', 'wms.mergedUnit.edit'),
    fields: {
      code: { kind: 'text', search: true, filter: true, sort: true },
      kind: { kind: 'text', filter: true, sort: true },
      compartmentId: { kind: 'int', filter: true },
      remark: { kind: 'text', search: true },
    },
    write: mergedUnitWriteSchema,
    defaultSort: { field: 'createdAt', order: 'desc' },
    unique: [['code']],
    inUse: async (db, id) => ((await ItemsRepo.unitHoldsStock(db, id)) ? 'still holds stock' : null),
  }),
];
