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
