import { expect, test } from '@playwright/test';
import { signedIn } from './helpers.js';

test('an OAuth2 client created on its screen gets a working token limited to its scopes', async ({ page }) => {
  await signedIn(page, 'admin@demo.local');
  await page.goto('/settings/users/oauth2');
  await page.getByTestId('oauth-create').click();
  await page.getByTestId('oauth-name').fill('E2E integration');
  await page.getByTestId('oauth-scopes').click();
  await page.keyboard.type('sys.lookup.list');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Escape');
  await page.getByTestId('oauth-save').click();
  const secret = (await page.getByTestId('oauth-secret').innerText()).trim();
  await page.getByTestId('oauth-secret-done').click();
  const row = page.getByTestId('oauth-clients').locator('tr', { hasText: 'E2E integration' });
  await expect(row).toContainText('sys.lookup.list');
  const clientId = (await row.locator('code').first().innerText()).trim();

  const token = await page.request.post('/v0/oauth2/token', { form: { grant_type: 'client_credentials', client_id: clientId, client_secret: secret } });
  expect(token.status()).toBe(200);
  const bearer = { Authorization: `Bearer ${(await token.json()).access_token}` };
  expect((await (await page.request.get('/v0/lookup/', { headers: bearer })).json()).code).toBe('OK');
  expect((await (await page.request.get('/v0/tax/', { headers: bearer })).json()).code).toBe('NoPermission');
  await expect(page.getByTestId('oauth-clients')).not.toContainText(secret);
});
