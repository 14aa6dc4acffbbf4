import { expect, test, type Page, type Request } from '@playwright/test';
import { expandMenu, signedIn } from './helpers.js';
import { sessionApi as api } from './session-api.js';

/**
 * The permission walk (issue 15 item 7): a screen never calls what its user may not use. For every demo
 * role, every screen of its menu is opened, and the first record of a list opened in its detail drawer
 * where the screen has one; the walk fails on any answer the page saw that says NoPermission (or a
 * 403), and on any permission toast. The screens are the menu's own entries (each screen once, item 12),
 * read from the sidebar, so a new screen is walked without anyone listing it.
 */

/**
 * One account per demo role that lacks some privilege: the administrator holds every privilege (no
 * call of it can be refused) and merchant B has merchant A's role, so walking them proves nothing more
 * and would double the walk's time.
 */
const ROLES = ['staff@demo.local', 'warehouse@demo.local', 'station@demo.local', 'merchant-a@demo.local', 'carrier@demo.local'];

/** Links and buttons that open a record's detail drawer in the lists. */
const OPENERS = ['outbound-open', 'inbound-open', 'container-open', 'return-open', 'ticket-open', 'picklist-open', 'row-view'];

/** Every leaf path of the sidebar menu: groups are opened one by one until no closed group is left. */
async function menuPaths(page: Page): Promise<string[]> {
  const menu = page.getByTestId('sidebar-menu');
  await expandMenu(page);
  const ids = await menu.locator('li.ant-menu-item').evaluateAll((items) => items.map((li) => li.getAttribute('data-menu-id') ?? ''));
  return ids.map((id) => id.slice(id.indexOf('-/') + 1)).filter((path) => path.startsWith('/'));
}

/**
 * The API calls of a page not yet answered. Waiting for them, rather than for network idle, lets the
 * walk go on as soon as a screen's calls are answered (the socket's polling never lets the network idle).
 */
const pending = new WeakMap<Page, Set<Request>>();
function trackCalls(page: Page) {
  const open = new Set<Request>();
  pending.set(page, open);
  page.on('request', (r) => void (r.url().includes('/v0/') && open.add(r)));
  page.on('requestfinished', (r) => void open.delete(r));
  page.on('requestfailed', (r) => void open.delete(r));
}
async function answered(page: Page) {
  await expect.poll(() => pending.get(page)?.size ?? 0, { timeout: 10_000, intervals: [50, 100, 250] }).toBe(0);
}

/** Waits until the active screen has rendered and its first requests are answered. */
async function settled(page: Page, path: string) {
  const screen = page.locator(`[data-screen="${path}"]`);
  await expect(screen).toBeVisible();
  await answered(page);
  await expect(screen.locator('.ant-spin-spinning')).toHaveCount(0);
}

/**
 * Opens a screen as the sidebar does, inside the running app: a full page load per screen (the bundle,
 * the session, the socket) made this walk the slowest browser test, and proves nothing more.
 */
async function openInApp(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

async function openFirstRecord(page: Page, path: string): Promise<string | null> {
  const screen = page.locator(`[data-screen="${path}"]`);
  for (const id of OPENERS) {
    const opener = screen.getByTestId(id).first();
    if (!(await opener.isVisible())) continue;
    await opener.click();
    const drawer = page.getByRole('dialog').last();
    // A return opens in the screen's own workspace, with a way back to the list, not in a drawer.
    const back = screen.getByTestId('return-back');
    await expect(drawer.or(back).first()).toBeVisible();
    await answered(page);
    if (await back.isVisible()) {
      await back.click();
      await expect(back).toBeHidden();
      return id;
    }
    await expect(drawer.locator('.ant-spin-spinning')).toHaveCount(0);
    // Closed by its own close button: Escape can reach a focused field of the drawer instead.
    await expect(async () => {
      if (await drawer.isVisible()) await drawer.locator('.ant-drawer-close, .ant-modal-close').first().click({ timeout: 2000 });
      await expect(drawer).toBeHidden({ timeout: 2000 });
    }).toPass({ timeout: 20_000 });
    return id;
  }
  return null;
}

test.describe('permission walk', () => {
  test.describe.configure({ mode: 'parallel', timeout: 240_000 });

  test.beforeAll(async ({ browser }) => {
    // A ticket on a merchant's order, so that the tickets list and the order drawers have one to show.
    const page = await browser.newPage();
    await signedIn(page, 'merchant-a@demo.local');
    const call = await api(page);
    const orders = await call('GET', '/v0/outbound/lists/orders/?l=1');
    const order = orders.data?.data?.[0] ?? orders.data?.[0];
    if (order) await call('POST', '/v0/tickets/', { orderId: order.id, subject: 'Walk', message: 'Where is it?', files: [] });
    await page.close();
  });

  for (const account of ROLES) {
    test(`${account} opens every screen of its menu without a permission error`, async ({ page }) => {
      const refused: string[] = [];
      page.on('response', async (res) => {
        const url = res.url();
        if (!url.includes('/v0/')) return;
        if (res.status() === 403) refused.push(`403 ${url}`);
        if (!(res.headers()['content-type'] ?? '').includes('json')) return;
        const body = (await res.json().catch(() => null)) as { code?: string } | null;
        if (body?.code === 'NoPermission') refused.push(`NoPermission ${res.request().method()} ${url}`);
      });
      trackCalls(page);
      await signedIn(page, account);
      const paths = await menuPaths(page);
      expect(paths.length).toBeGreaterThan(0);
      const opened: string[] = [];
      for (const path of paths) {
        await openInApp(page, path);
        await settled(page, path);
        const drawer = await openFirstRecord(page, path);
        if (drawer) opened.push(`${path} ${drawer}`);
        await expect(page.getByText(/You do not have permission/)).toHaveCount(0);
        expect(refused, `after ${path}`).toEqual([]);
      }
      await expect(page.getByTestId('error-log-button')).toHaveCount(0);
      test.info().annotations.push({ type: 'walk', description: `${paths.length} screens, drawers: ${opened.join(', ')}` });
    });
  }
});
