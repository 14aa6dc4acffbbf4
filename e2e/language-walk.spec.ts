import { expect, test } from '@playwright/test';
import { signedIn } from './helpers.js';

/** Main screens, each opened in Chinese and German. */
const SCREENS = [
  '/home',
  '/settings/users/list',
  '/settings/roles/list',
  '/settings/lookup',
  '/wms/item',
  '/wms/inventory',
  '/eEP/inbound-orders',
  '/eEP/outbound-orders',
];

/** English leftovers users met (issue 15 §15): N/A, raw built-in role names, the wrong German terms. */
const LEFTOVERS: Record<'cn' | 'de', RegExp> = {
  cn: /N\/A|\bLookup\b/,
  de: /N\/A|\bLookup\b|\b(?:Versender|Spediteur)\b/,
};

const ROLE_CODES = ['admin', 'manager', 'employee', 'warehouse', 'station', 'merchant', 'carrier'];
const ROLE_TITLES_EN = ['Merchant', 'Employee', 'Warehouse staff', 'Print station', 'Carrier gate'];

for (const locale of ['cn', 'de'] as const) {
  test(`language walk in ${locale}: no English leftovers on the main screens`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.addInitScript((l) => localStorage.setItem('kontor.language', l), locale);
    await signedIn(page, 'admin@demo.local');
    for (const path of SCREENS) {
      await page.goto(path);
      const screen = page.locator(`[data-screen="${path}"]`);
      await expect(screen).toBeVisible();
      await expect(screen.locator('.ant-spin-spinning')).toHaveCount(0);
      // Lists show their rows (or their empty state) before the texts are read.
      await expect(screen.locator('.ant-table-row, .ant-empty, [data-testid="home"]').first()).toBeVisible();
      const texts = [await screen.innerText(), await page.getByTestId('sidebar').innerText(), await page.getByTestId('visited-tabs').innerText()];
      for (const text of texts) expect(text.match(LEFTOVERS[locale])?.[0], `${path} in ${locale}`).toBeUndefined();
      // Role tags and role titles name the built-in roles in the user's language, not by their code.
      const tags = (await screen.locator('.ant-tag').allInnerTexts()).map((tag) => tag.trim());
      expect(
        tags.filter((tag) => ROLE_CODES.includes(tag)),
        `${path} in ${locale}`,
      ).toEqual([]);
      const cells = (await screen.locator('td').allInnerTexts()).map((cell) => cell.trim());
      expect(
        cells.filter((cell) => ROLE_TITLES_EN.includes(cell)),
        `${path} in ${locale}`,
      ).toEqual([]);
      if (process.env.E2E_SCREENSHOTS) await page.screenshot({ path: `.tmp/shots/${locale}${path.replaceAll('/', '_')}-1440.png` });
    }
  });
}
