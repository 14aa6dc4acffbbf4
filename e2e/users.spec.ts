import { expect, test } from '@playwright/test';
import { signedIn, signIn } from './helpers.js';

const pick = (page: import('@playwright/test').Page, text: string) =>
  page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: text }).first().click();

test.describe('users', () => {
  test('creates a user, renames it without losing its roles, and disabling signs it out', async ({ page, browser }) => {
    const account = `clerk${Date.now()}@demo.local`;
    await signedIn(page, 'admin@demo.local');
    await page.goto('/settings/users/list');
    await page.getByTestId('user-create').click();
    await page.getByTestId('user-save').click();
    await expect(page.getByTestId('user-form')).toContainText('Enter an e-mail address.');
    await page.getByTestId('user-account').fill(account);
    await page.getByTestId('user-name').fill('Clara Clerk');
    await page.getByTestId('user-roles').click();
    await pick(page, 'employee');
    await page.keyboard.press('Escape');
    await page.getByTestId('user-password').fill('clerk-pass-1');
    await page.getByTestId('user-save').click();
    await expect(page.getByTestId('users-list')).toContainText(account);

    const other = await browser.newPage();
    await signIn(other, account, 'clerk-pass-1');
    await expect(other.getByTestId('shell')).toBeVisible();

    await page.getByTestId(`user-edit-${account}`).click();
    await page.getByTestId('user-name').fill('Clara Renamed');
    await page.getByTestId('user-save').click();
    const row = page.getByTestId('users-list').locator('tr', { hasText: account });
    await expect(row).toContainText('Clara Renamed');
    await expect(row).toContainText('Employee');

    await page.getByTestId(`user-edit-${account}`).click();
    await page.getByTestId('user-disabled').click();
    await page.getByTestId('user-save').click();
    await expect(row).toContainText('Disabled');
    await other.reload();
    const expired = other.getByRole('dialog', { name: 'Session expired!' });
    await expect(expired).toBeVisible();
    await expired.getByRole('button', { name: 'OK' }).click();
    await expect(other).toHaveURL(/\/login/);
    await other.close();
  });
});
