import type { TFunction } from 'i18next';

/**
 * Codes a mask list shows as words of the user's language (issue 15 item 8): the inventory log's
 * reason and reference type are codes the ledger writes (`putaway`, `inbound`); their texts live under
 * `inventoryLogValues` in screens-{en,cn,de}. A code without a text is shown as it is.
 */
const VALUE_TEXTS: Record<string, Record<string, string>> = {
  'wms.inventorylog': { reason: 'inventoryLogValues.reason', refType: 'inventoryLogValues.refType', reasonCode: 'inventory.reasons' },
  'mep.inventorylog': { reason: 'inventoryLogValues.reason', refType: 'inventoryLogValues.refType', reasonCode: 'inventory.reasons' },
};

export function valueText(mask: string, field: string, value: unknown, t: TFunction): string | undefined {
  const prefix = VALUE_TEXTS[mask]?.[field];
  if (!prefix || typeof value !== 'string' || !value) return undefined;
  const key = `${prefix}.${value}`;
  const text = t(key, { defaultValue: '' });
  return text && text !== key ? text : undefined;
}
