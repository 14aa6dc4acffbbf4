import { expect, test } from '@playwright/test';
import { signedIn } from './helpers.js';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

test('the files screen lists an upload with who sent it and deletes it after confirmation', async ({ page }) => {
  await signedIn(page, 'admin@demo.local');
  const token = (await page.context().cookies()).find((c) => c.name === 'Admin-Token')?.value ?? '';
  const name = `e2e-${Date.now()}.pdf`;
  const res = await page.request.post('/v0/statics/upload/intern', {
    headers: { 'X-Token': token },
    multipart: { upload: { name, mimeType: 'application/pdf', buffer: PDF } },
  });
  expect((await res.json()).code).toBe('OK');
  await page.goto('/settings/files');
  await page.getByTestId('files-search').locator('input').fill(name);
  await page.getByTestId('files-search').locator('input').press('Enter');
  const row = page.getByTestId('files-list').locator('tr', { hasText: name });
  await expect(row).toContainText('admin@demo.local');
  await expect(row).toContainText('Document');
  await row.getByTestId(`file-delete-${name}`).click();
  await page.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByTestId('files-list')).not.toContainText(name);
});
