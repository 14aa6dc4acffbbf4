import { expect, type Page } from '@playwright/test';

export const CAPTCHA = '1234';
export const PASSWORD = 'demo1234';

/** Signs in through the form, with the captcha unless this browser is trusted for the account. */
export async function signIn(page: Page, account: string, password = PASSWORD, path = '/login') {
  await page.goto(path);
  await page.getByTestId('login-account').fill(account);
  await page.getByTestId('login-password').fill(password);
  const captcha = page.getByTestId('captcha-input');
  if (await captcha.isVisible()) await captcha.fill(CAPTCHA);
  await page.getByTestId('login-submit').click();
}

export async function signedIn(page: Page, account: string) {
  await signIn(page, account);
  await expect(page.getByTestId('shell')).toBeVisible();
}

/** Opens every group of the sidebar menu (nested ones too), so that every entry is rendered. */
export async function expandMenu(page: Page) {
  const menu = page.getByTestId('sidebar-menu');
  for (let round = 0; round < 6; round++) {
    const closed = menu.locator('li.ant-menu-submenu:not(.ant-menu-submenu-open) > .ant-menu-submenu-title');
    const count = await closed.count();
    if (count === 0) return;
    for (let i = count - 1; i >= 0; i--) await closed.nth(i).click();
  }
}
