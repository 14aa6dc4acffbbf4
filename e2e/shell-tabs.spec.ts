import { expect, test, type Page } from '@playwright/test';
import { signedIn } from './helpers.js';

/** Opens a screen inside the running console (as a menu click would), so the visited tabs are kept. */
async function openInConsole(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await expect(page.getByTestId(`tab-${path}`)).toBeVisible();
  await expect(page.locator(`[data-screen="${path}"]`)).toBeVisible();
}

const SCREENS = [
  '/settings/users/list',
  '/settings/masken',
  '/settings/users/oauth2',
  '/settings/files',
  '/settings/roles/list',
  '/settings/roles/privileges',
  '/wms/item',
  '/wms/inventory',
  '/eEP/inbound-orders',
  '/settings/lookup',
  '/c7r/orders',
  '/tools/receivingExport',
];

test.describe('console shell: tabs and screen chunks', () => {
  test('keeps only the 10 most recently used screens mounted; an older tab stays listed and re-mounts fresh', async ({ page }) => {
    test.setTimeout(120_000);
    await signedIn(page, 'admin@demo.local');
    await openInConsole(page, '/personal/settings');
    await page.getByLabel('Current password').fill('typed before the others');
    for (const path of SCREENS) await openInConsole(page, path);

    // Every tab is still in the bar: Home, the profile and the twelve screens.
    for (const path of ['/home', '/personal/settings', ...SCREENS]) await expect(page.getByTestId(`tab-${path}`)).toBeVisible();
    // Only the ten most recently used screens are mounted (none of these is a not-cached route); Home and the profile were the oldest.
    await expect(page.locator('.screen[data-screen]')).toHaveCount(10);
    await expect(page.locator('[data-screen="/personal/settings"]')).toHaveCount(0);
    await expect(page.locator('[data-screen="/home"]')).toHaveCount(0);
    await expect(page.locator(`[data-screen="${SCREENS[2]}"]`)).toHaveCount(1);

    // Activating the oldest tab mounts its screen again, fresh, and pushes out the next oldest.
    // The strip has scrolled to its newest tabs (the first ones sit under the sidebar): click the tab itself.
    await page.getByTestId('tab-/personal/settings').dispatchEvent('click');
    await expect(page).toHaveURL(/\/personal\/settings$/);
    await expect(page.getByLabel('Current password')).toHaveValue('');
    await expect(page.locator('.screen[data-screen]')).toHaveCount(10);
    await expect(page.locator(`[data-screen="${SCREENS[2]}"]`)).toHaveCount(0);
    await expect(page.locator(`[data-screen="${SCREENS.at(-1)}"]`)).toHaveCount(1);
  });

  test('shows a reload offer when a screen chunk fails to load, and the reload brings the screen', async ({ page }) => {
    await signedIn(page, 'admin@demo.local');
    await page.route('**/assets/FilesPage-*.js', (route) => route.abort('failed'));
    await openInConsole(page, '/settings/files');
    await expect(page.getByTestId('chunk-failed')).toBeVisible();
    await expect(page.getByTestId('chunk-failed')).toContainText('This screen could not be loaded');
    await page.unroute('**/assets/FilesPage-*.js');
    await page.getByTestId('chunk-reload').click();
    await expect(page.getByTestId('chunk-failed')).toHaveCount(0);
    await expect(page).toHaveURL(/\/settings\/files$/);
    await expect(page.locator('[data-screen="/settings/files"]')).toBeVisible();
    await expect(page.locator('[data-screen="/settings/files"] .ant-result')).toHaveCount(0);
  });
});
