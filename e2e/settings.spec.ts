import { expect, test, type Page } from '@playwright/test';
import { signedIn } from './helpers.js';
import { sessionApi as api } from './session-api.js';

const pick = (page: Page, text: string) =>
  page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: text }).first().click();
const rows = (page: Page) => page.getByTestId('mask-table').locator('tbody tr.ant-table-row');

test.describe('definition-driven settings screens', () => {
  test('creates records through the derived form, with the required messages first', async ({ page }) => {
    await signedIn(page, 'admin@demo.local');
    await page.goto('/settings/tax');
    await page.getByTestId('mask-create').click();
    await page.getByTestId('mask-form-save').click();
    await expect(page.getByTestId('mask-form')).toContainText('Country is required.');
    await page.getByTestId('field-country').fill('NL');
    await page.getByTestId('field-kind').click();
    await pick(page, 'Reduced');
    await page.getByTestId('field-rate').fill('9');
    await page.getByTestId('field-validFrom').click();
    await page.keyboard.type('2026-01-01');
    await page.keyboard.press('Enter');
    await page.getByTestId('mask-form-save').click();
    await expect(page.getByTestId('mask-form')).toHaveCount(0);
    await expect(rows(page).filter({ hasText: 'NL' })).toContainText('Reduced');

    // The same country, kind and start again: the server's duplicate answer, shown at the form.
    await page.getByTestId('mask-create').click();
    await page.getByTestId('field-country').fill('NL');
    await page.getByTestId('field-kind').click();
    await pick(page, 'Reduced');
    await page.getByTestId('field-rate').fill('8');
    await page.getByTestId('field-validFrom').click();
    await page.keyboard.type('2026-01-01');
    await page.keyboard.press('Enter');
    await page.getByTestId('mask-form-save').click();
    await expect(page.getByTestId('mask-form')).toContainText('This value already exists.');
  });

  test('keeps search, filters, sort and page size in the address, and pages with the cursor', async ({ page }) => {
    await signedIn(page, 'admin@demo.local');
    const call = await api(page);
    for (let i = 0; i < 30; i++) await call('POST', '/v0/lookup/', { key: `e2e-page-${String(i).padStart(2, '0')}`, class: i % 2, type: 7 });
    await page.goto('/settings/lookup?q=e2e-page&s=key&d=asc');
    await expect(rows(page)).toHaveCount(25);
    await expect(rows(page).first()).toContainText('e2e-page-00');
    await expect(page.getByTestId('mask-total')).toHaveText('30 records');
    await page.getByTestId('mask-next').click();
    await expect(rows(page)).toHaveCount(5);
    await expect(rows(page).first()).toContainText('e2e-page-25');
    await page.getByTestId('mask-prev').click();
    await expect(rows(page).first()).toContainText('e2e-page-00');

    await page.getByTestId('filter-class').locator('input').first().fill('1');
    await page.getByTestId('filter-class').locator('input').last().fill('1');
    await page.getByTestId('filter-class').locator('input').last().blur();
    await expect(page).toHaveURL(/f\.class=1\.\.1/);
    await expect(page.getByTestId('mask-total')).toHaveText('15 records');
    await page.getByTestId('mask-table').locator('thead th', { hasText: 'Key' }).first().click();
    await expect(page).toHaveURL(/s=key&d=desc/);
    await expect(rows(page).first()).toContainText('e2e-page-29');
    await page.reload();
    await expect(page.getByTestId('mask-total')).toHaveText('15 records');
    await expect(rows(page).first()).toContainText('e2e-page-29');

    await page.getByTestId('mask-page-size').click();
    await pick(page, '50 / page');
    await expect(page).toHaveURL(/l=50/);
  });

  test('answers an edit of a record someone else changed with a conflict, and saves after a reload', async ({ page }) => {
    await signedIn(page, 'admin@demo.local');
    const call = await api(page);
    const created = await call('POST', '/v0/classes/', { name: 'E2E Early', startTime: '06:00', endTime: '14:00' });
    await page.goto('/settings/classes/list?f.name=E2E%20Early');
    await expect(rows(page)).toHaveCount(1);
    await rows(page).first().getByTestId('row-edit').click();
    await call('PUT', `/v0/classes/${created.data.id}`, { name: 'E2E Early', startTime: '05:30', endTime: '14:00', version: 1 });
    await page.getByTestId('field-endTime').fill('13:30');
    await page.getByTestId('mask-form-save').click();
    await expect(page.getByTestId('mask-form-conflict')).toBeVisible();
    await page.getByTestId('mask-form-reload').click();
    await expect(page.getByTestId('field-startTime')).toHaveValue('05:30');
    await page.getByTestId('field-endTime').fill('13:30');
    await page.getByTestId('mask-form-save').click();
    await expect(rows(page).first()).toContainText('05:30');
    await expect((await call('GET', `/v0/classes/${created.data.id}`)).data).toMatchObject({ endTime: '13:30', version: 3 });
  });

  test('deletes selected rows after confirmation and starts an export of the filter', async ({ page }) => {
    await signedIn(page, 'admin@demo.local');
    const call = await api(page);
    for (const key of ['e2e-del-a', 'e2e-del-b', 'e2e-del-c']) await call('POST', '/v0/lookup/', { key, type: 3 });
    await page.goto('/settings/lookup?q=e2e-del');
    await expect(rows(page)).toHaveCount(3);
    await rows(page).filter({ hasText: 'e2e-del-a' }).locator('input[type=checkbox]').check();
    await rows(page).filter({ hasText: 'e2e-del-b' }).locator('input[type=checkbox]').check();
    await page.getByTestId('bulk-remove').click();
    await page.getByTestId('confirm-ok').click();
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toContainText('e2e-del-c');

    await page.getByTestId('mask-export').click();
    await expect(page.getByText('The export runs in the background')).toBeVisible();
    await page.getByTestId('jobs-indicator').click();
    await expect(page.getByText('List export').first()).toBeVisible();
  });

  test('a role without the privilege neither sees the settings screens nor opens one by address', async ({ page }) => {
    await signedIn(page, 'warehouse@demo.local');
    await expect(page.getByTestId('sidebar-menu')).not.toContainText('Tax');
    await page.goto('/settings/tax');
    await expect(page).toHaveURL(/\/401$/);
    await page.goto('/maske/settings.tax');
    await expect(page.getByTestId('mask-denied')).toBeVisible();
  });

  test('shows a published announcement on the home page of its audience', async ({ page, browser }) => {
    await signedIn(page, 'admin@demo.local');
    const call = await api(page);
    const created = await call('POST', '/v0/announcements/', {
      titleEn: 'Carrier pickup moved',
      titleDe: 'Abholung verschoben',
      textEn: 'Pickup is at 16:00 today.',
      audienceRoles: ['carrier'],
      publishFrom: new Date(Date.now() - 60_000).toISOString(),
    });
    expect(created.code).toBe('OK');
    await page.goto('/home');
    await expect(page.getByTestId('home')).not.toContainText('Carrier pickup moved');
    const other = await browser.newPage();
    await signedIn(other, 'carrier@demo.local');
    await expect(other.getByTestId('announcements')).toContainText('Carrier pickup moved');
    await expect(other.getByTestId('announcements')).toContainText('Pickup is at 16:00 today.');
    await other.close();
  });

  test('creates a merchant with its code, which is fixed afterwards, and edits its name', async ({ page }) => {
    const code = `E${String(Date.now()).slice(-6)}`;
    await signedIn(page, 'admin@demo.local');
    await page.goto('/settings/merchant');
    await expect(page.getByTestId('mask-search')).toHaveCount(0);
    await page.getByTestId('mask-create').click();
    await page.getByTestId('field-code').fill(code);
    await page.getByTestId('field-name').fill('E2E Trading');
    await page.getByTestId('field-currency').click();
    await pick(page, 'USD');
    await page.getByTestId('field-address').fill('{"city": "Berlin", "country": "DE"}');
    await page.getByTestId('mask-form-save').click();
    const row = rows(page).filter({ hasText: code });
    await expect(row).toContainText('E2E Trading');
    await expect(row).toContainText('Berlin, DE');
    await row.getByTestId('row-edit').click();
    await expect(page.getByTestId('field-code')).toBeDisabled();
    await page.getByTestId('field-name').fill('E2E Trading Ltd');
    await page.getByTestId('mask-form-save').click();
    await expect(row).toContainText('E2E Trading Ltd');
    await expect(row).toContainText('USD');
  });

  test('shows the list in German with the same definition', async ({ page }) => {
    await signedIn(page, 'admin@demo.local');
    await page.goto('/settings/tax');
    await page.getByTestId('language-select').click();
    await pick(page, 'Deutsch');
    await expect(page.getByTestId('mask-table')).toContainText('Gültig ab');
    await expect(page.getByTestId('mask-create')).toContainText('Neu');
  });
});
