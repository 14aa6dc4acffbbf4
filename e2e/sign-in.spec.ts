import { expect, test } from '@playwright/test';
import { CAPTCHA, PASSWORD, fromAvatarMenu, signIn, signedIn } from './helpers.js';

test.describe('sign-in', () => {
  test('signs in with the captcha and lands on home; logs out again', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByTestId('captcha-image')).toHaveAttribute('src', /^data:image\/png;base64,/);
    await signIn(page, '  Staff@Demo.Local ');
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByTestId('home')).toContainText('Welcome');
    await fromAvatarMenu(page, 'Log out', /\/login\?redirect=%2Fhome$/);
    expect((await page.context().cookies()).find((c) => c.name === 'Admin-Token')).toBeUndefined();
    await page.goto('/home');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fhome$/);
  });

  test('shows the server message for a wrong password and a wrong captcha, in German too', async ({ page }) => {
    await signIn(page, 'warehouse@demo.local', 'not-the-password');
    await expect(page.getByTestId('login-error')).toContainText('password');
    await page.getByTestId('language-select').selectOption('de');
    await page.getByTestId('login-password').fill(PASSWORD);
    await page.getByTestId('captcha-input').fill('0000');
    await page.getByTestId('login-submit').click();
    await expect(page.getByTestId('login-error')).toContainText('Captcha');
    await expect(page.getByRole('heading', { name: 'Bei Kontor anmelden' })).toBeVisible();
  });

  test('warns when Caps Lock is on', async ({ page }) => {
    await page.goto('/login');
    const password = page.getByTestId('login-password');
    await password.focus();
    await page.keyboard.press('CapsLock');
    await password.press('A');
    await expect(page.getByTestId('caps-lock-warning')).toBeVisible();
  });

  test('hides the captcha once this browser is trusted for the account', async ({ page }) => {
    await signedIn(page, 'merchant-a@demo.local');
    await page.getByTestId('avatar-menu').click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await page.getByTestId('login-account').fill('merchant-a@demo.local');
    await page.getByTestId('login-password').fill(PASSWORD);
    await expect(page.getByTestId('login-trusted')).toBeVisible();
    await expect(page.getByTestId('captcha-input')).toHaveCount(0);
    await page.getByTestId('login-submit').click();
    await expect(page.getByTestId('shell')).toBeVisible();
    // Another account in the same browser still needs the captcha.
    await page.context().clearCookies();
    await page.goto('/login');
    await page.getByTestId('login-account').fill('merchant-b@demo.local');
    await page.getByTestId('login-password').fill(PASSWORD);
    await expect(page.getByTestId('captcha-input')).toBeVisible();
    await page.getByTestId('captcha-input').fill(CAPTCHA);
  });

  test('returns to the requested page after sign-in (redirect round trip)', async ({ page }) => {
    await page.goto('/personal/settings');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fpersonal%2Fsettings$/);
    await page.getByTestId('login-account').fill('staff@demo.local');
    await page.getByTestId('login-password').fill(PASSWORD);
    await page.getByTestId('captcha-input').fill(CAPTCHA);
    await page.getByTestId('login-submit').click();
    await expect(page).toHaveURL(/\/personal\/settings$/);
    await expect(page.getByTestId('personal-settings')).toBeVisible();
    await page.goto('/login');
    await expect(page).toHaveURL(/\/home$/);
  });

  test('the sign-in page fits the viewport at 1440 px and 375 px: no scroll bar (issue 15 item 13)', async ({ page }) => {
    for (const size of [
      { width: 1440, height: 900 },
      { width: 375, height: 667 },
    ]) {
      await page.setViewportSize(size);
      await page.goto('/login');
      await expect(page.getByTestId('login-submit')).toBeVisible();
      const { scrollHeight, scrollWidth, innerHeight, innerWidth } = await page.evaluate(() => ({
        scrollHeight: document.documentElement.scrollHeight,
        scrollWidth: document.documentElement.scrollWidth,
        innerHeight: window.innerHeight,
        innerWidth: window.innerWidth,
      }));
      expect(scrollHeight, `${size.width} px`).toBeLessThanOrEqual(innerHeight);
      expect(scrollWidth, `${size.width} px`).toBeLessThanOrEqual(innerWidth);
    }
  });

  test('channel return pages open without a token and say there is nothing to authorise', async ({ page }) => {
    for (const path of ['/auth-redirect', '/shopify/redirect', '/ebay/redirect']) {
      await page.goto(path);
      await expect(page.getByText('Nothing to authorise').first()).toBeVisible();
    }
  });
});

test.describe('starting language', () => {
  test.use({ locale: 'zh-CN' });

  test('follows the browser language, and a stored choice overrides it', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: '登录 Kontor' })).toBeVisible();
    await page.getByTestId('language-select').selectOption('de');
    await expect(page.getByRole('heading', { name: 'Bei Kontor anmelden' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Bei Kontor anmelden' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  });
});
