import { expect, test, type Page } from '@playwright/test';
import { signedIn } from './helpers.js';

/**
 * The batch table and pre-packing stations in the browser (issue 18 item 5, docs/packing.md), one walk:
 * a type-1 picklist is scanned at /wEP/packScanBatch and its units typed as a keyboard-wedge scanner
 * does (Enter ends a code); the progress survives a reload; each complete order is packed and labelled.
 * Then /wEP/PackScanPre shows two identical orders under one key, two parcels are pre-packed, a scanned
 * order and "Pack next order" each take one and get their labels. Both screens fit a 375 px phone.
 */

async function api(page: Page) {
  const token = (await page.context().cookies()).find((c) => c.name === 'Admin-Token')?.value ?? '';
  return async (method: string, url: string, data?: unknown, key?: string) => {
    const res = await page.request.fetch(url, { method, data: data as never, headers: { 'X-Token': token, ...(key ? { 'Idempotency-Key': key } : {}) } });
    return (await res.json()) as { code: string; data: any };
  };
}

const noOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

async function scan(page: Page, testId: string, code: string) {
  await page.getByTestId(testId).click();
  await page.keyboard.type(code);
  await page.keyboard.press('Enter');
}

test('a batch picklist is sorted into its orders at the table, and identical orders take pre-packed parcels', async ({ page }) => {
  test.setTimeout(120_000);
  await signedIn(page, 'admin@demo.local');
  const call = await api(page);
  const merchants = (await call('GET', '/v0/merchants/opts')).data as Array<{ id: number; code: string }>;
  const merchantId = merchants.find((m) => m.code === 'C001')!.id;
  const stamp = Date.now().toString(36).toUpperCase();
  const item = async (sku: string) => {
    const created = await call('POST', '/v0/items/', { sku, name: `Table walk ${sku}`, merchantId, weight: 0.3 });
    expect(created.code).toBe('OK');
    const adjust = { itemId: created.data.id, compartment: 'A-01-03', delta: 10, reasonCode: 'found' };
    expect((await call('POST', '/v0/inventory/adjust', adjust, `adj-${sku}`)).code).toBe('OK');
  };
  const order = async (lines: Array<{ sku: string; quantity: number }>) => {
    const consignee = { name1: 'Erika Muster', streetName: 'Hauptstraße', streetNumber: '5', zip: '10115', city: 'Berlin', country: 'DE' };
    const body = {
      merchantId,
      typeOfTask: 'B2C',
      modeOfTransport: 'parcel',
      pickupDate: '2026-12-01',
      unitQty: 1,
      weight: 1,
      carrier: 'DHL',
      consignee,
      lines,
    };
    const created = await call('POST', '/v0/outbound/orders', body);
    expect(created.code).toBe('OK');
    return created.data.unid as string;
  };
  const [x, y, p] = [`E2E-TX-${stamp}`, `E2E-TY-${stamp}`, `E2E-PP-${stamp}`];
  for (const sku of [x, y, p]) await item(sku);

  // Older ready orders go into picklists of their own, then the walk's type-1 picklist of two orders.
  expect((await call('POST', '/v0/picking/picklists', { rules: { maxLists: 0 } })).code).toBe('OK');
  const lines = [
    { sku: x, quantity: 1 },
    { sku: y, quantity: 1 },
  ];
  const orders = [await order(lines), await order(lines)];
  const created = await call('POST', '/v0/picking/picklists', { rules: { split: 'multiOnly' } });
  expect(created.code).toBe('OK');
  const picklist = created.data.created[0].unid as string;

  await page.goto('/wEP/packScanBatch');
  await expect(page.getByTestId('pack-batch')).toBeVisible();
  await scan(page, 'pack-batch-input', picklist);
  const feedback = page.getByTestId('pack-batch-feedback');
  await expect(feedback).toContainText(picklist);
  await expect(page.getByTestId('pack-batch-orders')).toContainText(orders[0]!);
  await scan(page, 'pack-batch-input', x);
  await expect(feedback).toContainText(x);

  // A reload carries on: the picklist and the unit scanned are the server's.
  await page.reload();
  await expect(page.getByTestId('pack-batch-orders')).toContainText(`${x} 1/1`);
  await scan(page, 'pack-batch-input', y);
  await expect(feedback).toHaveAttribute('data-tone', 'success');
  await expect(feedback).toContainText(/label/i);
  await scan(page, 'pack-batch-input', y);
  await expect(feedback).toContainText(y);
  await scan(page, 'pack-batch-input', x);
  await expect(page.getByTestId('pack-batch-progress')).toContainText('4 of 4');
  for (const unid of orders) await expect(page.getByTestId(`pack-batch-order-${unid}`)).toContainText('Packing completed');
  // One more unit than the picklist holds: a coded refusal, nothing counted.
  await scan(page, 'pack-batch-input', x);
  await expect(feedback).toHaveAttribute('data-tone', 'error');
  await expect(feedback).toContainText('Please count again');

  await page.setViewportSize({ width: 375, height: 800 });
  expect(await noOverflow(page)).toBeLessThanOrEqual(0);
  await page.setViewportSize({ width: 1440, height: 900 });

  // Pre-packing: two identical orders under one key.
  const pre = [await order([{ sku: p, quantity: 1 }]), await order([{ sku: p, quantity: 1 }])];
  await page.goto('/wEP/PackScanPre');
  const key = page.getByTestId(`pack-pre-key-${p}:1:DE`);
  await expect(key.getByTestId('pack-pre-ready')).toContainText('2');
  await key.getByTestId('pack-pre-count').fill('2');
  await key.getByTestId('pack-pre-prepack').click();
  const preFeedback = page.getByTestId('pack-pre-feedback');
  await expect(preFeedback).toContainText(`2 parcels of ${p}:1:DE`);
  await expect(key.getByTestId('pack-pre-prepacked')).toContainText('2');
  await scan(page, 'pack-pre-input', pre[0]!);
  await expect(preFeedback).toContainText(pre[0]!);
  await expect(preFeedback).toHaveAttribute('data-tone', 'success');
  await key.getByTestId('pack-pre-next').click();
  await expect(preFeedback).toContainText(pre[1]!);
  await expect(page.getByTestId(`pack-pre-key-${p}:1:DE`)).toHaveCount(0);

  await page.setViewportSize({ width: 375, height: 800 });
  await expect(page.getByTestId('pack-pre-input')).toBeVisible();
  expect(await noOverflow(page)).toBeLessThanOrEqual(0);
});
