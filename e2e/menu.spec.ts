import { expect, test } from '@playwright/test';
import { expandMenu, signedIn } from './helpers.js';

test.describe('menu by permission', () => {
  test('admin sees the settings screens and opens the users list from the menu', async ({ page }) => {
    await signedIn(page, 'admin@demo.local');
    const menu = page.getByTestId('sidebar-menu');
    await menu.getByText('Settings', { exact: true }).click();
    await menu.getByText('Users', { exact: true }).first().click();
    await menu.getByText('Users', { exact: true }).last().click();
    await expect(page).toHaveURL(/\/settings\/users\/list$/);
    await expect(page.getByTestId('users-list')).toContainText('staff@demo.local');
    await expect(page.getByTestId('breadcrumb')).toContainText('Settings');
    await expect(page).toHaveTitle('Users - Kontor');
  });

  test('a role without the privilege neither sees the screen nor opens it by address', async ({ page }) => {
    await signedIn(page, 'staff@demo.local');
    await expect(page.getByTestId('sidebar-menu')).not.toContainText('Settings');
    await page.goto('/settings/users/list');
    await expect(page).toHaveURL(/\/401$/);
    await expect(page.getByTestId('page-401')).toBeVisible();
  });

  test("the admin's merchant scope narrows the list", async ({ page }) => {
    await signedIn(page, 'admin@demo.local');
    await page.goto('/settings/users/list');
    await expect(page.getByTestId('users-list')).toContainText('merchant-b@demo.local');
    await page.getByTestId('sub-account-select').click();
    await page.getByRole('option', { name: /C001/ }).click();
    await expect(page.getByTestId('users-list')).toContainText('merchant-a@demo.local');
    await expect(page.getByTestId('users-list')).not.toContainText('merchant-b@demo.local');
    await expect(page.getByTestId('users-list')).not.toContainText('staff@demo.local');
    await page.getByTestId('sub-account-select').click();
    await page.getByRole('option', { name: 'All merchants' }).click();
    await expect(page.getByTestId('users-list')).toContainText('staff@demo.local');
  });

  test('searches users on the server', async ({ page }) => {
    await signedIn(page, 'admin@demo.local');
    await page.goto('/settings/users/list');
    await page.getByTestId('users-search').locator('input').fill('wareh');
    await page.getByTestId('users-search').locator('input').press('Enter');
    await expect(page.getByTestId('users-list').locator('tbody tr.ant-table-row')).toHaveCount(1);
    await expect(page.getByTestId('users-list')).toContainText('warehouse@demo.local');
  });

  test('a group path opens its declared redirect or the first screen below it the user may open', async ({ page }) => {
    await signedIn(page, 'admin@demo.local');
    const cases: Array<[string, RegExp]> = [
      ['/wms/storehouse', /\/wms\/storehouse\/warehouse$/],
      ['/wms', /\/wms\/storehouse\/warehouse$/],
      ['/eEP', /\/eEP\/receiving$/],
      ['/settings/roles', /\/settings\/roles\/list$/],
      ['/sales/channels/proxyDelivery', /\/sales\/channels\/proxyDelivery\/pd-orders$/],
    ];
    for (const [group, target] of cases) {
      await page.goto(group);
      await expect(page).toHaveURL(target);
      await expect(page.getByTestId('shell')).toBeVisible();
    }
    await page.context().clearCookies();
    await signedIn(page, 'merchant-a@demo.local');
    await page.goto('/wms');
    await expect(page).toHaveURL(/\/wms\/item$/);
  });

  for (const account of ['merchant-a@demo.local', 'warehouse@demo.local', 'admin@demo.local']) {
    test(`${account} sees each screen once, with whole labels at 1440 and 375 px`, async ({ page }) => {
      await signedIn(page, account);
      const name = account.split('@')[0];
      for (const width of [1440, 375]) {
        await page.setViewportSize({ width, height: width > 900 ? 900 : 812 });
        if (width < 900) await page.getByTestId('hamburger').click();
        const menu = page.getByTestId('sidebar-menu');
        await expect(menu).toBeVisible();
        await expandMenu(page);
        const labels = await menu.locator('li.ant-menu-item .ant-menu-title-content').allInnerTexts();
        expect(labels.length).toBeGreaterThan(0);
        expect(
          labels.filter((label, i) => labels.indexOf(label) !== i),
          'labels shown twice',
        ).toEqual([]);
        const cut = await menu
          .locator('.ant-menu-title-content')
          .evaluateAll((spans) => spans.filter((s) => s.scrollWidth > s.clientWidth + 1).map((s) => s.textContent));
        expect(cut, 'labels cut').toEqual([]);
        await page.screenshot({ path: `.tmp/screens/menu-${name}-${width}.png`, fullPage: true });
      }
    });
  }

  test('lists offer the page sizes of the spec, 25 by default, kept in the address', async ({ page }) => {
    await signedIn(page, 'admin@demo.local');
    const asked = (size: number) => page.waitForRequest((r) => r.url().includes('/v0/') && new URL(r.url()).searchParams.get('l') === String(size));
    let first = asked(25);
    await page.goto('/eEP/inbound-orders');
    await first;
    const select = page.getByTestId('inbound-page-size');
    await expect(select).toContainText('25');
    const next = asked(100);
    await expect(async () => {
      await select.click();
      await page.locator('.ant-select-item-option', { hasText: /^100 \// }).click({ timeout: 2000 });
    }).toPass();
    await next;
    await expect(page).toHaveURL(/[?&]l=100/);
    first = asked(100);
    await page.reload();
    await first;
    await expect(page.getByTestId('inbound-page-size')).toContainText('100');
    await page.goto('/settings/users/list');
    await expect(page.getByTestId('users-page-size')).toContainText('25');
  });
});
