import { expect, test } from '@playwright/test';
import { expectNoOverflow, signedIn } from './helpers.js';
import { sessionApi as api } from './session-api.js';
import { createOrder, merchantIdOf, stockedItem } from './set-up.js';

/**
 * The single-item packing station in the browser (issue 18, docs/packing.md): an item is scanned at
 * /wEP/packScanSingle (typed as a keyboard-wedge scanner does, ending with Enter), its ready order is
 * packed and gets its label from the sandbox carrier; the parcel shows in /wEP/packlist with station,
 * packer and material, and its label can be printed again. The station also works on a 375 px phone.
 */

test('an item scanned at the single-item station is packed with its label and listed in the packlist', async ({ page }) => {
  test.setTimeout(120_000);
  await signedIn(page, 'admin@demo.local');
  const call = await api(page);
  const merchantId = await merchantIdOf(call, 'C001');
  const sku = `E2E-PACK-${Date.now().toString(36).toUpperCase()}`;
  await stockedItem(call, { sku, name: 'Pack walk item', merchantId, weight: 0.4, quantity: 3 });
  const order = await createOrder(call, { merchantId, lines: [{ sku, quantity: 1 }] });
  const unid = order.unid;

  await page.goto('/wEP/packScanSingle');
  await expect(page.getByTestId('pack-single')).toBeVisible();
  await page.getByTestId('pack-single-station').fill('Desk E2E');
  await page.getByTestId('pack-single-input').click();
  await page.keyboard.type(sku);
  await page.keyboard.press('Enter');
  const feedback = page.getByTestId('pack-single-feedback');
  await expect(feedback).toContainText(unid);
  await expect(feedback).toHaveAttribute('data-tone', 'success');
  await expect(page.getByTestId('pack-single-recent')).toContainText(unid);
  const detail = await call('GET', `/v0/outbound/orders/${order.id}/detail`);
  expect(detail.data.order.status).toBe(20);
  expect(detail.data.order.shipBundle).not.toBe('');

  await page.goto('/wEP/packlist');
  const table = page.getByTestId('packlist-table');
  await expect(table).toContainText(unid);
  const row = table.locator('tr', { hasText: unid });
  await expect(row).toContainText('Desk E2E');
  const popup = page.waitForEvent('popup', { timeout: 15_000 }).catch(() => null);
  await row.getByTestId('packlist-reprint').click();
  await popup;

  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/wEP/packScanSingle');
  await expect(page.getByTestId('pack-single-input')).toBeVisible();
  await expectNoOverflow(page);
});
