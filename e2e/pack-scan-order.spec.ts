import { expect, test, type Page } from '@playwright/test';
import { choose, expectNoOverflow, signedIn } from './helpers.js';
import { sessionApi as api } from './session-api.js';
import { createOrder, merchantIdOf, ownZone, stockedItem } from './set-up.js';

/**
 * The Pack Scan Order station in the browser (issue 18 item 4, docs/packing.md): a multi-item wave
 * (type 1) made through the API with one `SKU|||BATCH` line is packed order by order at
 * /wEP/packScanOrder, scanned as a keyboard-wedge scanner types. The first order is printed by hand at
 * 1440 px; the second, whose batch line asks for the batch number, on a 375 px phone. New orders have
 * no label yet, so both go through "Request Shipment Label" (packed, then the label bought). Both end packing completed with labels, the picklist fully picked.
 */

async function scan(page: Page, code: string) {
  await page.getByTestId('pack-order-input').click();
  await page.keyboard.type(code);
  await page.keyboard.press('Enter');
  // The scan field ignores the same code again within 300 ms (a scanner's bounce): pieces come slower.
  await page.waitForTimeout(350);
}

test('a multi-item wave with a batch line is packed per order to packing completed with labels, at 1440 and 375 px', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signedIn(page, 'admin@demo.local');
  const call = await api(page);
  const merchantId = await merchantIdOf(call, 'C001');
  const tag = Date.now().toString(36).toUpperCase();
  const carrier = 'GLS';

  // The wave's units lie in a zone of their own and the wave is made for that zone: it takes this
  // test's orders and no other test's (docs/testing.md "Browser tests' own data").
  const { zone, compartment } = await ownZone(call);
  const plain = `E2E-PSO-P-${tag}`;
  const lot = `E2E-PSO-L-${tag}`;
  await stockedItem(call, { sku: plain, name: 'Pack scan plain', merchantId, weight: 0.3, quantity: 6, compartment });
  const l = await call('POST', '/v0/items/', { sku: lot, name: 'Pack scan batch', merchantId, weight: 0.3, batchTracked: true });
  expect(l.code).toBe('OK');
  const lotStock = { itemId: l.data.id, compartment, batch: 'B7', delta: 3, reasonCode: 'found' };
  expect((await call('POST', '/v0/inventory/adjust', lotStock, `adj-${lot}`)).code).toBe('OK');

  const newOrder = (lines: Array<{ sku: string; quantity: number; batch?: string }>) => createOrder(call, { merchantId, weight: 1, carrier, lines });
  const twoPlain = await newOrder([{ sku: plain, quantity: 2 }]);
  const withBatch = await newOrder([
    { sku: plain, quantity: 2 },
    { sku: lot, quantity: 1, batch: 'B7' },
  ]);
  const wave = await call(
    'POST',
    '/v0/picking/picklists',
    { rules: { zone, carrier, priorityFirst: false, oldestFirst: false, split: 'multiOnly', maxOrders: 2, maxLists: 1 } },
    `wave-${tag}`,
  );
  expect(wave.code, JSON.stringify(wave)).toBe('OK');
  const picklist = wave.data.created[0] as { id: number; unid: string; orderCount: number };
  // The two multi-item orders of the zone: this test's own.
  expect(picklist.orderCount).toBe(2);

  await page.goto('/wEP/packScanOrder');
  await expect(page.getByTestId('pack-order')).toBeVisible();
  await page.getByTestId('pack-order-station').fill('Desk PSO');
  await choose(page, page.getByTestId('pack-order-materials'), 'BOX-S');
  const feedback = page.getByTestId('pack-order-feedback');

  await scan(page, picklist.unid);
  await expect(page.getByTestId('pack-order-picklist')).toContainText(picklist.unid);
  await expect(page.getByTestId('pack-order-progress')).toContainText('0 / 5');

  // Two pieces of the plain item: the two-piece order is complete and ranked first.
  await scan(page, plain);
  await scan(page, plain);
  const candidates = page.getByTestId('pack-order-candidate');
  await expect(candidates.first()).toHaveAttribute('data-order', twoPlain.unid);
  await expect(candidates.first()).toContainText('Complete');
  // A new order has no label yet: the station packs it and buys its label from the sandbox carrier.
  await expect(candidates.first().getByTestId('pack-order-print')).toHaveCount(0);
  await candidates.first().getByTestId('pack-order-request-label').click();
  await expect(feedback).toContainText(twoPlain.unid);
  await expect(feedback).toHaveAttribute('data-tone', 'success');
  await expect(page.getByTestId('pack-order-progress')).toContainText('2 / 5');

  // On a phone: the batch line asks for its batch before the piece counts.
  await page.setViewportSize({ width: 375, height: 800 });
  await scan(page, plain);
  await scan(page, plain);
  await scan(page, lot);
  await expect(feedback).toContainText('Scan the batch number!');
  await expect(page.getByTestId('pack-order-input')).toHaveAttribute('placeholder', 'Batch Number?');
  await scan(page, 'B7');
  await expect(candidates.first()).toHaveAttribute('data-order', withBatch.unid);
  await expect(candidates.first()).toContainText('Complete');
  await candidates.first().getByTestId('pack-order-request-label').click();
  await expect(feedback).toContainText(withBatch.unid, { timeout: 30_000 });
  await expect(feedback).toHaveAttribute('data-tone', 'success');
  await expect(page.getByTestId('pack-order-progress')).toContainText('5 / 5');
  await expect(page.getByTestId('pack-order-picklist')).toContainText('Packing completed');
  await expectNoOverflow(page);

  for (const o of [twoPlain, withBatch]) {
    const detail = await call('GET', `/v0/outbound/orders/${o.id}/detail`);
    expect(detail.data.order.status).toBe(20);
    expect(detail.data.order.shipBundle).not.toBe('');
  }
  const read = (await call('GET', `/v0/p11y/pick/?q=${picklist.id}`)).data;
  expect(read).toMatchObject({ itemQtyPicked: 5, status: 20 });
  expect(JSON.parse(read.ordersFin).sort()).toEqual([twoPlain.id, withBatch.id].sort());
  expect((await call('GET', '/v0/inventory/check')).data).toEqual([]);
});
