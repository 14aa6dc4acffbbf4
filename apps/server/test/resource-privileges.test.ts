import { describe, expect, it } from 'vitest';
import { INBOUND_RESOURCES } from '../src/modules/inbound/index.js';
import { INVENTORY_RESOURCES } from '../src/modules/inventory/index.js';
import { OUTBOUND_RESOURCES } from '../src/modules/outbound/outbound.resources.js';
import { RESOURCES } from '../src/modules/resources/catalogue.js';

const byName = (name: string) => [...RESOURCES, ...INVENTORY_RESOURCES, ...INBOUND_RESOURCES].find((r) => r.name === name)!.privileges;

describe('resource privileges', () => {
  it('an edited resource is listed with its list privilege and written with its edit privilege', () => {
    expect(byName('lookup')).toEqual({ list: 'sys.lookup.list', create: 'sys.lookup.edit', update: 'sys.lookup.edit', delete: 'sys.lookup.edit' });
    expect(byName('item')).toEqual({ list: 'wms.item.list', create: 'wms.item.edit', update: 'wms.item.edit', delete: 'wms.item.edit' });
  });

  it('a read model names its list privilege for every action', () => {
    const list = 'p11y.ordersDHL.list';
    expect(OUTBOUND_RESOURCES.dhl.privileges).toEqual({ list, create: list, update: list, delete: list });
    const stock = INVENTORY_RESOURCES.find((r) => r.readOnly)!;
    expect(new Set(Object.values(stock.privileges)).size).toBe(1);
  });
});
