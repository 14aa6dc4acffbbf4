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
