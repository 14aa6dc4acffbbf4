import { expect, type Locator, type Page } from '@playwright/test';

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

/**
 * Chooses an entry of the avatar menu and waits for the address it leads to. The whole choice is
 * retried: in a full CI run the top bar can re-render while the menu opens (the jobs indicator and the
 * unfinished-tasks badge appear when their first answers arrive), and once in about ten runs the click
 * on "Profile" landed on a menu that was being replaced, leaving the page on /home.
 */
export async function fromAvatarMenu(page: Page, entry: string, url: RegExp) {
  const item = page.getByRole('menuitem', { name: entry, exact: true });
  await expect(async () => {
    if (!(await item.isVisible())) await page.getByTestId('avatar-menu').click({ timeout: 5000 });
    await item.click({ timeout: 5000 });
    await expect(page).toHaveURL(url, { timeout: 5000 });
  }).toPass({ timeout: 30_000 });
}

/**
 * Chooses an option of an antd select and waits until the select shows it. The option is clicked in
 * the dropdown this select owns (its combobox's `aria-controls` list), never in another select's
 * dropdown that is still closing; pushed notices that could lie over the list are closed first, and
 * the whole choice is retried, since a loaded machine can re-render the list under the pointer.
 */
export async function choose(page: Page, select: Locator, option: string, shown = option) {
  await expect(async () => {
    for (const close of await page.locator('.ant-notification-notice-close').all()) await close.click({ timeout: 1000 }).catch(() => undefined);
    const combobox = select.locator('[role=combobox]').first();
    if ((await combobox.getAttribute('aria-expanded')) !== 'true') await select.click({ timeout: 5000 });
    const list = await combobox.getAttribute('aria-controls');
    const dropdown = page.locator('.ant-select-dropdown').filter({ has: page.locator(`[id="${list}"]`) });
    await dropdown.locator('.ant-select-item-option', { hasText: option }).first().click({ timeout: 3000 });
    await expect(select).toContainText(shown, { timeout: 2000 });
  }).toPass({ timeout: 30_000 });
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

/**
 * The page fits its width: no horizontal scrolling. Polled, since after a viewport change the shell
 * switches between desk and phone layout on a re-render that a loaded machine takes a moment to make
 * (an immediate measure read the desk layout at 375 px).
 */
export async function expectNoOverflow(page: Page) {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), { message: 'horizontal overflow in px' })
    .toBeLessThanOrEqual(0);
}
