import { describe, expect, it } from 'vitest';
import { docHref } from './doc-links.js';

describe('inventory log references', () => {
  const staff = ['/eEP/outbound-orders', '/eEP/inbound-orders', '/eEP/received'];
  const merchant = ['/mEP/outbound-orders', '/mEP/inbound-orders', '/mEP/received'];

  it('opens an outbound order by its id on the first order screen the user may open', () => {
    const row = { refType: 'outbound', refId: '13', refNo: 'MO2611000013' };
    expect(docHref('wms.inventorylog', 'refNo', row, staff)).toBe('/eEP/outbound-orders?id=13');
    expect(docHref('wms.inventorylog', 'refNo', row, merchant)).toBe('/mEP/outbound-orders?id=13');
  });

  it('opens inbound orders and returns by their numbers', () => {
    expect(docHref('wms.inventorylog', 'refNo', { refType: 'inbound', refId: 'RO1', refNo: 'RO 1/2' }, staff)).toBe('/eEP/inbound-orders?no=RO%201%2F2');
    expect(docHref('wms.inventorylog', 'refNo', { refType: 'return', refId: 'P1', refNo: 'P1' }, merchant)).toBe('/mEP/received?no=P1');
  });

  it('links nothing the user may not open, no other column and no document without a screen', () => {
    const row = { refType: 'outbound', refId: '13', refNo: 'MO1' };
    expect(docHref('wms.inventorylog', 'refNo', row, ['/eEP/inbound-orders'])).toBeUndefined();
    expect(docHref('wms.inventorylog', 'refNo', row, null)).toBeUndefined();
    expect(docHref('wms.inventorylog', 'sku', row, staff)).toBeUndefined();
    expect(docHref('wms.item', 'refNo', row, staff)).toBeUndefined();
    expect(docHref('wms.inventorylog', 'refNo', { refType: 'stocktake', refId: '4', refNo: '4' }, staff)).toBeUndefined();
    expect(docHref('wms.inventorylog', 'refNo', { refType: 'outbound', refId: null, refNo: null }, staff)).toBeUndefined();
  });
});
