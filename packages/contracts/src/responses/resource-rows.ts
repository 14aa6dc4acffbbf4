import type { ResourceFieldKind } from './resources.js';

/**
 * The rows of the declared record types the web reads by hand (not through a mask), as their generic
 * routes answer them (`resourceRowSchema`, responses/resources.ts): every field nullable except the
 * system fields and those the declaration names `notNull`. The field kinds and the NOT NULL fields repeat
 * the server's declarations (`modules/<m>/*.resources.ts`, `resources/catalogue.ts`);
 * `apps/server/test/resource-rows.test.ts` fails when the two differ.
 */
type WireValue<K extends ResourceFieldKind> = K extends 'int' | 'decimal' ? number : K extends 'bool' ? boolean : K extends 'json' ? unknown : string;
type SystemField = 'id' | 'createdAt' | 'updatedAt' | 'version';
export type ResourceRow<F extends Record<string, ResourceFieldKind>, N extends string = never> = {
  [P in keyof F]: P extends SystemField | N ? WireValue<F[P]> : WireValue<F[P]> | null;
};

const SYSTEM = { id: 'int', createdAt: 'datetime', updatedAt: 'datetime', version: 'int' } as const;

/** Every field of a row but the nullable ones: what a declaration names `notNull`. */
function notNullExcept<F extends Record<string, ResourceFieldKind>, N extends keyof F & string>(fields: F, nullable: readonly N[]) {
  return (Object.keys(fields) as (keyof F & string)[]).filter(
    (field): field is Exclude<keyof F & string, N> => !(nullable as readonly string[]).includes(field),
  );
}

/** `/v0/settings/` (resources/catalogue.ts `setting`). */
export const SETTING_FIELDS = { ...SYSTEM, key: 'text', value: 'json', description: 'text' } as const satisfies Record<string, ResourceFieldKind>;
export type SettingRecord = ResourceRow<typeof SETTING_FIELDS>;

/** `/v0/c7rorders/` (inbound/inbound.resources.ts `containerOrder`, the `containers` table). */
export const CONTAINER_FIELDS = {
  ...SYSTEM,
  unid: 'text',
  number: 'text',
  warehouseId: 'int',
  size: 'text',
  carrier: 'text',
  eta: 'date',
  arrivedAt: 'datetime',
  unloadedAt: 'datetime',
  status: 'int',
  remark: 'text',
} as const satisfies Record<string, ResourceFieldKind>;
export const CONTAINER_NOT_NULL = notNullExcept(CONTAINER_FIELDS, ['eta', 'arrivedAt', 'unloadedAt']);
export type ContainerRecord = ResourceRow<typeof CONTAINER_FIELDS, (typeof CONTAINER_NOT_NULL)[number]>;

/** `/v0/stock/` (inventory/inventory.resources.ts `stock`, the `stock_view` read model). */
export const STOCK_FIELDS = {
  ...SYSTEM,
  merchantId: 'int',
  itemId: 'int',
  sku: 'text',
  itemName: 'text',
  warehouseId: 'int',
  warehouseCode: 'text',
  compartmentId: 'int',
  compartmentCode: 'text',
  unitId: 'int',
  batch: 'text',
  expiry: 'date',
  status: 'int',
  quantity: 'int',
  reserved: 'int',
  available: 'int',
  merchantName: 'text',
} as const satisfies Record<string, ResourceFieldKind>;
export const STOCK_NOT_NULL = notNullExcept(STOCK_FIELDS, ['unitId', 'expiry']);
export type StockRecord = ResourceRow<typeof STOCK_FIELDS, (typeof STOCK_NOT_NULL)[number]>;

/** The declared record types above by their route's path, for the server's comparison. */
export const RESOURCE_ROW_FIELDS: Record<string, { fields: Record<string, ResourceFieldKind>; notNull: readonly string[] }> = {
  '/v0/settings/': { fields: SETTING_FIELDS, notNull: [] },
  '/v0/c7rorders/': { fields: CONTAINER_FIELDS, notNull: CONTAINER_NOT_NULL },
  '/v0/stock/': { fields: STOCK_FIELDS, notNull: STOCK_NOT_NULL },
};
