import { expect, test } from '@playwright/test';
import { signedIn } from './helpers.js';

/**
 * Picklists in the browser (issue 18 item 5): warehouse staff create a wave from the demo's
 * ready-to-pick orders on /wEP/pick2C, open it with its pick path and orders, and print its PDF,
 * which marks the picklist printed.
 */
test('a wave from the demo’s ready orders: created, opened, its PDF printed', async ({ page }) => {
  await signedIn(page, 'warehouse@demo.local');
  await page.goto('/wEP/pick2C');
  const table = page.getByTestId('picklists-table');
  // The demo's picklists are open: PL20260001 (printed) and PL20260002.
  await expect(table).toContainText('PL20260001');
  await expect(table).toContainText('PL20260002');

  await page.getByTestId('picklist-create').click();
  const form = page.getByTestId('picklist-create-form');
  await expect(form).toBeVisible();
  await page.getByTestId('picklist-max-lists').fill('0');
  await page.getByTestId('picklist-create-submit').click();

  // The first picklist made opens in the drawer, with its pick path and its orders.
  const detail = page.getByTestId('picklist-detail');
  await expect(detail).toBeVisible();
  await expect(page.getByTestId('picklist-lines').locator('tbody tr.ant-table-row').first()).toBeVisible();
  await expect(detail.getByTestId('picklist-status')).toContainText('Ready to pick');
  await detail.getByRole('tab', { name: /Orders/ }).click();
  await expect(page.getByTestId('picklist-orders').locator('tbody tr.ant-table-row').first()).toContainText('MO');

  const download = page.waitForEvent('download');
  await page.getByTestId('picklist-pdf').click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^PL\d{8}\.pdf$/);
  await expect(detail.getByTestId('picklist-status')).toContainText('Picklist printed');
  await expect(page.getByTestId('picklist-orders')).toContainText('Picklist printed');
});
