import { expect, test } from '@playwright/test';
import { fromAvatarMenu, signedIn } from './helpers.js';

test.describe('console shell', () => {
  test('keeps a cached tab alive, refreshes and closes it from the context menu', async ({ page }) => {
    await signedIn(page, 'staff@demo.local');
    await fromAvatarMenu(page, 'Profile', /\/personal\/settings$/);
    await expect(page.getByTestId('tab-/personal/settings')).toBeVisible();
    const field = page.getByLabel('Current password');
    await field.fill('typed but not sent');
    await page.getByTestId('tab-/home').click();
    await expect(page.getByTestId('home')).toBeVisible();
    await page.getByTestId('tab-/personal/settings').click();
    await expect(page.getByLabel('Current password')).toHaveValue('typed but not sent');
    await page.getByTestId('tab-/personal/settings').click({ button: 'right' });
    await page.getByRole('menuitem', { name: 'Refresh' }).click();
    await expect(page.getByLabel('Current password')).toHaveValue('');
    await page.getByTestId('tab-/personal/settings').click({ button: 'right' });
    await page.getByRole('menuitem', { name: 'Close', exact: true }).click();
    await expect(page.getByTestId('tab-/personal/settings')).toHaveCount(0);
    await expect(page).toHaveURL(/\/home$/);
    await page.getByTestId('tab-/home').click({ button: 'right' });
    await expect(page.getByRole('menuitem', { name: 'Close', exact: true })).toHaveAttribute('aria-disabled', 'true');
  });

  test('switches the language everywhere and remembers it after a reload', async ({ page }) => {
    await signedIn(page, 'staff@demo.local');
    await page.getByTestId('language-select').click();
    await page.getByText('简体中文', { exact: true }).click();
    await expect(page.getByTestId('sidebar-menu')).toContainText('首页');
    await expect(page.getByTestId('home')).toContainText('欢迎');
    await page.reload();
    await expect(page.getByTestId('home')).toContainText('欢迎');
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  });

  test('answers a revoked session with the Session expired! dialog and returns to sign-in', async ({ page }) => {
    await signedIn(page, 'warehouse@demo.local');
    const token = (await page.context().cookies()).find((c) => c.name === 'Admin-Token')!.value;
    const res = await page.request.get('/v0/auth/logout', { headers: { 'X-Token': token } });
    expect((await res.json()).code).toBe('OK');
    await page.reload();
    const dialog = page.getByRole('dialog', { name: 'Session expired!' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('Your session has expired, please login again.');
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(page).toHaveURL(/\/login\?redirect=%2Fhome$/);
  });

  test('warns ten minutes before the idle logout, keeps the session on request, then logs out', async ({ page }) => {
    await page.clock.install();
    await signedIn(page, 'station@demo.local');
    // Calls still under way when the clock jumps would count as activity at the new time.
    await page.waitForLoadState('networkidle');
    await page.clock.fastForward('31:00');
    await expect(page.getByTestId('idle-warning')).toBeVisible();
    await page.getByTestId('keep-session').click();
    await expect(page.getByTestId('idle-warning')).toHaveCount(0);
    await page.clock.fastForward('41:00');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByTestId('login-notice')).toContainText('After more than 40 minutes no further action');
  });

  test('lets the admin act for one merchant', async ({ page }) => {
    await signedIn(page, 'admin@demo.local');
    await page.getByTestId('sub-account-select').click();
    await page.getByRole('option', { name: /C001/ }).click();
    await expect(page.getByTestId('sub-account-select')).toContainText('C001');
    await expect(page.getByTestId('home')).not.toContainText('N/A');
    await page.reload();
    await expect(page.getByTestId('sub-account-select')).toContainText('C001');
    await page.getByTestId('sub-account-select').click();
    await page.getByRole('option', { name: 'All merchants' }).click();
    await expect(page.getByTestId('sub-account-select')).toContainText('All merchants');
  });

  test('shows the unfinished-tasks counter to staff only', async ({ page, browser }) => {
    await signedIn(page, 'staff@demo.local');
    await expect(page.getByTestId('unfinished-tasks')).toContainText('0');
    const other = await browser.newPage();
    await signedIn(other, 'merchant-b@demo.local');
    await expect(other.getByTestId('home')).toBeVisible();
    await expect(other.getByTestId('unfinished-tasks')).toHaveCount(0);
    await other.close();
  });

  test('keeps refused calls in the error log until Clear all', async ({ page }) => {
    await signedIn(page, 'staff@demo.local');
    await expect(page.getByTestId('error-log-button')).toHaveCount(0);
    await page.goto('/personal/settings');
    await page.getByLabel('Current password').fill('definitely-wrong');
    await page.getByLabel('New password').fill('another-password');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByTestId('personal-settings')).toContainText('The current password is wrong.');
    await page.getByTestId('error-log-button').click();
    const dialog = page.getByRole('dialog', { name: 'Error log' });
    await expect(dialog).toContainText('WrongPassword');
    await dialog.getByTestId('error-log-clear').click();
    await expect(page.getByTestId('error-log-button')).toHaveCount(0);
  });

  test('sends unknown paths to sign-in and unbuilt routes to 404', async ({ page }) => {
    await signedIn(page, 'staff@demo.local');
    await page.goto('/no/such/place');
    await expect(page).toHaveURL(/\/home$/);
    await page.goto('/purchases/suppliers');
    await expect(page).toHaveURL(/\/404$/);
    await expect(page.getByTestId('page-404')).toBeVisible();
    await page.goto('/clear');
    await expect(page).toHaveURL(/\/home$/);
  });
});

test.describe('phone layout', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('hides the menu behind the hamburger and closes it after navigating', async ({ page }) => {
    await signedIn(page, 'staff@demo.local');
    await expect(page.getByTestId('sidebar')).toHaveCount(0);
    await page.getByTestId('hamburger').click();
    const menu = page.getByTestId('sidebar-menu');
    await expect(menu).toBeVisible();
    await menu.getByText('Home').click();
    await expect(menu).toBeHidden();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});

test('remembers the chosen component size after a reload', async ({ page }) => {
  await signedIn(page, 'staff@demo.local');
  await page.getByTestId('size-select').click();
  await page.getByRole('menuitem', { name: 'Small' }).click();
  await expect.poll(async () => (await page.context().cookies()).find((c) => c.name === 'size')?.value).toBe('small');
  await page.reload();
  await expect(page.locator('.ant-btn-sm').first()).toBeVisible();
});
