import { expect, test, type Page } from '@playwright/test';
import { expectNoOverflow, signedIn } from './helpers.js';
import { sessionApi } from './session-api.js';
import { createOrder, merchantIdOf, ownZone, stockedItem } from './set-up.js';

/**
 * The batch table and pre-packing stations in the browser (issue 18 item 5, docs/packing.md), one walk:
 * a type-1 picklist is scanned at /wEP/packScanBatch and its units typed as a keyboard-wedge scanner
 * does (Enter ends a code); the progress survives a reload; each complete order is packed and labelled.
 * Then /wEP/PackScanPre shows two identical orders under one key, two parcels are pre-packed, a scanned
 * order and "Pack next order" each take one and get their labels. Both screens fit a 375 px phone.
 */

async function scan(page: Page, testId: string, code: string) {
  await page.getByTestId(testId).click();
  await page.keyboard.type(code);
  await page.keyboard.press('Enter');
}

test('a batch picklist is sorted into its orders at the table, and identical orders take pre-packed parcels', async ({ page }) => {
  test.setTimeout(120_000);
  await signedIn(page, 'admin@demo.local');
  const call = await sessionApi(page);
  const merchantId = await merchantIdOf(call, 'C001');
  const stamp = Date.now().toString(36).toUpperCase();
  // The batch's units lie in a zone of their own, and the wave is made for that zone: it takes this
  // test's two orders and no other test's ready orders (nor do other tests' waves take these).
  const { zone, compartment } = await ownZone(call);
  const [x, y, p] = [`E2E-TX-${stamp}`, `E2E-TY-${stamp}`, `E2E-PP-${stamp}`];
  for (const sku of [x, y]) await stockedItem(call, { sku, name: `Table walk ${sku}`, merchantId, weight: 0.3, quantity: 10, compartment });
  await stockedItem(call, { sku: p, name: `Table walk ${p}`, merchantId, weight: 0.3, quantity: 10 });
  const order = async (lines: Array<{ sku: string; quantity: number }>) => (await createOrder(call, { merchantId, weight: 1, lines })).unid;

  const lines = [
    { sku: x, quantity: 1 },
    { sku: y, quantity: 1 },
  ];
  const orders = [await order(lines), await order(lines)];
  const created = await call('POST', '/v0/picking/picklists', { rules: { zone, split: 'multiOnly' } });
  expect(created.code, JSON.stringify(created)).toBe('OK');
  expect(created.data.created).toHaveLength(1);
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
  await expectNoOverflow(page);
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
  await expectNoOverflow(page);
});
