import { expect, test } from '@playwright/test';
import { signedIn } from './helpers.js';

test.describe('roles and privileges', () => {
  test('creates a role, grants privileges in the matrix and keeps them after a reload', async ({ page }) => {
    await signedIn(page, 'admin@demo.local');
    await page.goto('/settings/roles/list');
    await page.getByTestId('role-create').click();
    await page.getByTestId('role-name').fill('Bad Name');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByTestId('role-form')).toContainText('A lower-case letter');
    await page.getByTestId('role-name').fill('e2epacker');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByTestId('role-e2epacker').click();
    await expect(page).toHaveURL(/\/settings\/roles\/privileges\?role=\d+$/);
    await page.getByTestId('privilege-wms.item.list').check();
    await page.getByTestId('privileges-save').click();
    await expect(page.getByTestId('privileges-save')).toBeDisabled();
    await page.reload();
    await expect(page.getByTestId('privilege-wms.item.list')).toBeChecked();
    await expect(page.getByTestId('privileges')).toContainText('1 privileges');

    await page.goto('/settings/roles/list');
    page.once('dialog', () => undefined);
    await page.getByTestId('role-delete-e2epacker').click();
    await page.getByRole('button', { name: 'OK' }).click();
    await expect(page.getByTestId('roles-list')).not.toContainText('e2epacker');
  });

  test('shows the admin role read-only, holding everything', async ({ page }) => {
    await signedIn(page, 'admin@demo.local');
    await page.goto('/settings/roles/list');
    await page.getByTestId('role-admin').click();
    await expect(page.getByTestId('privileges')).toContainText('The admin role holds every privilege.');
    await expect(page.getByTestId('privilege-sys.users.list')).toBeDisabled();
    await expect(page.getByTestId('privileges-save')).toHaveCount(0);
  });
});
