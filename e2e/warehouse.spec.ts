import { expect, test } from '@playwright/test';
import { signedIn } from './helpers.js';

const pick = (page: import('@playwright/test').Page, text: string) =>
  page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: text }).first().click();

test.describe('warehouse storehouse', () => {
  test('warehouse staff filter compartments by zone, sort by picking priority and create one in DE01', async ({ page }) => {
    await signedIn(page, 'warehouse@demo.local');
    const menu = page.getByTestId('sidebar-menu');
    await menu.getByText('Warehouse', { exact: true }).first().click();
    await menu.getByText('Storehouse', { exact: true }).click();
    await menu.getByText('Compartments', { exact: true }).click();
    await expect(page).toHaveURL(/\/wms\/storehouse\/compartment$/);
    await page.getByTestId('filter-zone').fill('B');
    await page.getByTestId('filter-zone').press('Enter');
    await page.getByTestId('mask-table').locator('thead th', { hasText: 'Picking priority' }).first().click();
    await expect(page).toHaveURL(/f\.zone=B.*s=priority|s=priority.*f\.zone=B/);
    await expect(page.getByTestId('mask-table').locator('tbody tr.ant-table-row').first()).toContainText('B-10-01');

    const code = `T-${String(Date.now()).slice(-5)}`;
    await page.getByTestId('mask-create').click();
    await page.getByTestId('field-code').fill(code.toLowerCase());
    await page.getByTestId('field-warehouseId').click();
    await pick(page, 'DE01');
    await page.getByTestId('field-kind').click();
    await pick(page, 'Returns');
    await page.getByTestId('mask-form-save').click();
    await expect(page.getByTestId('mask-form')).toHaveCount(0);
    await page.goto(`/wms/storehouse/compartment?q=${code}`);
    const row = page.getByTestId('mask-table').locator('tbody tr.ant-table-row', { hasText: code });
    await expect(row).toContainText('Returns');
    await expect(row).toContainText('DE01');
    await expect(row).toContainText('100');
  });

  test('a merchant does not see the storehouse', async ({ page }) => {
    await signedIn(page, 'merchant-a@demo.local');
    await page.goto('/wms/storehouse/compartment');
    await expect(page).toHaveURL(/\/401$/);
  });
});
