import { expect, test } from '@playwright/test';
import { signedIn } from './helpers.js';

// A real PNG (1×1) for the avatar upload.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

test.describe('personal settings and background jobs', () => {
  test('saves the profile and a new picture, and applies the preferred language', async ({ page }) => {
    await signedIn(page, 'warehouse@demo.local');
    await page.goto('/personal/settings');
    await page.getByTestId('profile-name').fill('Wanda W.');
    await page.getByTestId('profile-language').click();
    await page.getByTitle('Deutsch').click();
    await page.getByTestId('profile-save').click();
    await expect(page.getByTestId('personal-settings')).toContainText('Ihr Profil wurde gespeichert.');
    await expect(page.getByTestId('avatar-menu')).toContainText('Wanda W.');
    await page.getByTestId('avatar-file').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
    await expect(page.getByTestId('profile-avatar').locator('img')).toHaveAttribute('src', /\/v0\/static\/[a-f0-9]{32}\?x_token=/);
    // The picture is served with the token and really decodes (polled: the download takes a moment).
    await expect
      .poll(() =>
        page
          .getByTestId('profile-avatar')
          .locator('img')
          .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
      )
      .toBe(true);
  });

  test('refuses a file that only pretends to be a picture', async ({ page }) => {
    await signedIn(page, 'staff@demo.local');
    await page.goto('/personal/settings');
    await page.getByTestId('avatar-file').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: Buffer.from('<html>not a picture</html>') });
    await expect(page.getByText('This file type is not allowed here.').first()).toBeVisible();
  });

  test('shows a background job with its progress and offers the result', async ({ page }) => {
    await signedIn(page, 'admin@demo.local');
    const token = (await page.context().cookies()).find((c) => c.name === 'Admin-Token')!.value;
    const res = await page.request.post('/v0/mail/outbox/export', { headers: { 'X-Token': token } });
    expect((await res.json()).code).toBe('OK');
    await page.getByTestId('jobs-indicator').click();
    const job = page.locator('[data-testid^="job-"]').first();
    await expect(job).toContainText('Mail outbox export');
    await expect(job).toContainText('Done');
    const download = page.waitForEvent('download');
    await job.getByRole('button', { name: 'Download' }).click();
    expect((await download).suggestedFilename()).toMatch(/^mail-outbox-.*\.csv$/);
  });
});
