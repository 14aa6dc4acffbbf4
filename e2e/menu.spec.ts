import { expect, test } from '@playwright/test';
import { signedIn } from './helpers.js';

test.describe('menu by permission', () => {
  test('admin sees the settings screens and opens the users list from the menu', async ({ page }) => {
    await signedIn(page, 'admin@demo.local');
    const menu = page.getByTestId('sidebar-menu');
    await menu.getByText('Settings', { exact: true }).click();
    await menu.getByText('Users', { exact: true }).first().click();
    await menu.getByText('Users', { exact: true }).last().click();
    await expect(page).toHaveURL(/\/settings\/users\/list$/);
    await expect(page.getByTestId('users-list')).toContainText('staff@demo.local');
    await expect(page.getByTestId('breadcrumb')).toContainText('Settings');
    await expect(page).toHaveTitle('Users - Kontor');
  });

  test('a role without the privilege neither sees the screen nor opens it by address', async ({ page }) => {
    await signedIn(page, 'staff@demo.local');
    await expect(page.getByTestId('sidebar-menu')).not.toContainText('Settings');
    await page.goto('/settings/users/list');
    await expect(page).toHaveURL(/\/401$/);
    await expect(page.getByTestId('page-401')).toBeVisible();
  });

  test("the admin's merchant scope narrows the list", async ({ page }) => {
    await signedIn(page, 'admin@demo.local');
    await page.goto('/settings/users/list');
    await expect(page.getByTestId('users-list')).toContainText('merchant-b@demo.local');
    await page.getByTestId('sub-account-select').click();
    await page.getByRole('option', { name: /C001/ }).click();
    await expect(page.getByTestId('users-list')).toContainText('merchant-a@demo.local');
    await expect(page.getByTestId('users-list')).not.toContainText('merchant-b@demo.local');
    await expect(page.getByTestId('users-list')).not.toContainText('staff@demo.local');
    await page.getByTestId('sub-account-select').click();
    await page.getByRole('option', { name: 'All merchants' }).click();
    await expect(page.getByTestId('users-list')).toContainText('staff@demo.local');
  });

  test('searches users on the server', async ({ page }) => {
    await signedIn(page, 'admin@demo.local');
    await page.goto('/settings/users/list');
    await page.getByTestId('users-search').locator('input').fill('wareh');
    await page.getByTestId('users-search').locator('input').press('Enter');
    await expect(page.getByTestId('users-list').locator('tbody tr.ant-table-row')).toHaveCount(1);
    await expect(page.getByTestId('users-list')).toContainText('warehouse@demo.local');
  });
});
