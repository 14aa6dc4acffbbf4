import { expect, test } from '@playwright/test';
import { signedIn } from './helpers.js';
import { sessionApi } from './session-api.js';
import { createOrder, merchantIdOf, ownZone, stockedItem, uniqueCode } from './set-up.js';

/**
 * Picklists in the browser (issue 18 item 5): warehouse staff create a wave of ready-to-pick orders on
 * /wEP/pick2C, open it with its pick path and orders, and print its PDF, which marks the picklist
 * printed. The orders are the test's own, reserved in a zone of their own and the wave is made for that
 * zone: a wave of every ready order would take other tests' orders (and find none when another wave had
 * taken them first: the drawer never opened).
 */
test('a wave of ready orders in one zone: created, opened, its PDF printed', async ({ page, browser }) => {
  const staff = await browser.newPage();
  await signedIn(staff, 'admin@demo.local');
  const call = await sessionApi(staff);
  const merchantId = await merchantIdOf(call, 'C001');
  const { zone, compartment } = await ownZone(call);
  const sku = uniqueCode('E2E-WAVE-');
  await stockedItem(call, { sku, name: 'Wave item', merchantId, weight: 0.2, quantity: 5, compartment });
  const orders = [];
  for (let i = 0; i < 2; i++) orders.push(await createOrder(call, { merchantId, lines: [{ sku, quantity: 1 }] }));
  await staff.close();

  await signedIn(page, 'warehouse@demo.local');
  await page.goto('/wEP/pick2C');
  const table = page.getByTestId('picklists-table');
  // The demo's picklists are open: PL20260001 (printed) and PL20260002.
  await expect(table).toContainText('PL20260001');
  await expect(table).toContainText('PL20260002');

  await page.getByTestId('picklist-create').click();
  const form = page.getByTestId('picklist-create-form');
  await expect(form).toBeVisible();
  await form.getByLabel('Zone').fill(zone);
  await page.getByTestId('picklist-max-lists').fill('0');
  await page.getByTestId('picklist-create-submit').click();

  // The picklist made opens in the drawer, with its pick path and its orders.
  const detail = page.getByTestId('picklist-detail');
  await expect(detail).toBeVisible();
  await expect(page.getByTestId('picklist-lines').locator('tbody tr.ant-table-row').first()).toContainText(compartment);
  await expect(detail.getByTestId('picklist-status')).toContainText('Ready to pick');
  await detail.getByRole('tab', { name: /Orders/ }).click();
  const listed = page.getByTestId('picklist-orders').locator('tbody tr.ant-table-row');
  await expect(listed).toHaveCount(2);
  for (const order of orders) await expect(listed.filter({ hasText: order.unid })).toHaveCount(1);

  const download = page.waitForEvent('download');
  await page.getByTestId('picklist-pdf').click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^PL\d{8}\.pdf$/);
  await expect(detail.getByTestId('picklist-status')).toContainText('Picklist printed');
  await expect(page.getByTestId('picklist-orders')).toContainText('Picklist printed');
});
