import { expect, test } from '@playwright/test';
import { signedIn } from './helpers.js';

test.describe('mask editor', () => {
  test('lists problems by path while typing, saves a version, and resets to the shipped definition', async ({ page }) => {
    await signedIn(page, 'admin@demo.local');
    await page.goto('/settings/masken');
    await page.getByTestId('mask-settings.announcements').click();
    await expect(page).toHaveURL(/\/maske\/edit\?name=settings\.announcements$/);
    const editor = page.getByTestId('mask-json');
    const original = await editor.inputValue();
    await expect(page.getByTestId('mask-preview')).toContainText('Title (English)');

    await editor.fill(original.replace('"id": "titleEn"', '"id": "title1"'));
    await expect(page.getByTestId('mask-problems')).toContainText('fields.0.id');
    await expect(page.getByTestId('mask-save')).toBeDisabled();

    await editor.fill(original.replace('"en": "Title (English)"', '"en": "Headline"'));
    await expect(page.getByTestId('mask-preview')).toContainText('Headline');
    await page.getByTestId('mask-save').click();
    await expect(page.getByTestId('mask-history')).toContainText('Edited');
    await expect(page.getByTestId('mask-editor')).toContainText('v2');

    await page.goto('/settings/announcements');
    await expect(page.getByTestId('mask-table')).toContainText('Headline');

    await page.goto('/maske/edit?name=settings.announcements');
    await page.getByTestId('mask-reset').click();
    await page.getByTestId('mask-reset-ok').click();
    await expect(page.getByTestId('mask-history')).toContainText('Reset');
    await expect(page.getByTestId('mask-json')).toHaveValue(original);
    // The editor is never kept as a visited tab once left.
    await page.goto('/settings/announcements');
    await expect(page.getByTestId('mask-table')).toContainText('Title (English)');
  });

  test('opens any list mask by name and says when a name is unknown', async ({ page }) => {
    await signedIn(page, 'admin@demo.local');
    await page.goto('/maske/settings.printers');
    await expect(page.getByTestId('mask-list-settings.printers')).toBeVisible();
    await page.goto('/maske/no.such.mask');
    await expect(page.getByTestId('mask-missing')).toBeVisible();
  });
});

test('the spreadsheet viewer shows the chosen fields of a filtered list as a read-only grid', async ({ page }) => {
  await signedIn(page, 'admin@demo.local');
  const token = (await page.context().cookies()).find((c) => c.name === 'Admin-Token')?.value ?? '';
  for (const [key, klass] of [
    ['e2e-sheet-a', 1],
    ['e2e-sheet-b', 2],
    ['e2e-sheet-c', 1],
  ] as const) {
    await page.request.post('/v0/lookup/', { headers: { 'X-Token': token }, data: { key, class: klass, type: 4 } });
  }
  await page.goto('/spreadsheet?mask=settings.lookup&fields=key,class&search=e2e-sheet&filter={"class":"1"}');
  await expect(page).toHaveURL(/q=e2e-sheet/);
  const table = page.getByTestId('mask-table');
  await expect(table.locator('tbody tr.ant-table-row')).toHaveCount(2);
  await expect(table.locator('thead th')).toHaveText(['Key', 'Class']);
  await expect(page.getByTestId('row-edit')).toHaveCount(0);
  await expect(page.getByTestId('mask-create')).toHaveCount(0);
});
