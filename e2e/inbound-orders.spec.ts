import { expect, test, type Page } from '@playwright/test';
import { signedIn } from './helpers.js';
import { sessionApi as api } from './session-api.js';

/**
 * Inbound orders and containers in the browser (issue 6 §1, §2): staff announce for a merchant, the
 * merchant follows its own order, a container carries orders and its arrival makes them receipt
 * pending. Every test works on orders it creates, found by a unique reference.
 */

const unique = (prefix: string) => `${prefix}-${Date.now().toString(36).toUpperCase()}${Math.floor(Math.random() * 1000)}`;
const option = (page: Page, text: string) =>
  page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: text }).first();
/** The close button of the drawer holding the element of this test id. */
const closeDrawer = (page: Page, testId: string) =>
  page
    .locator('.ant-drawer', { has: page.getByTestId(testId) })
    .locator('.ant-drawer-close')
    .first()
    .click();
const rows = (page: Page, testId: string) => page.getByTestId(testId).locator('tbody tr.ant-table-row');

/** Opens an antd select, optionally types, and picks an option; async options make this a retry. */
async function choose(page: Page, testId: string, text: string, typed?: string) {
  const select = page.getByTestId(testId);
  await expect(async () => {
    await select.click();
    if (typed) await select.locator('input').fill(typed);
    await option(page, text).click({ timeout: 2000 });
    await expect(select).toContainText(text, { timeout: 2000 });
  }).toPass({ timeout: 20_000 });
}

/** An order of merchant A announced through the API, for tests about what follows an announcement. */
async function announced(page: Page, reference: string) {
  const call = await api(page);
  const merchantId = (await call('GET', '/v0/item/any?q=SKU-B')).data.merchantId as number;
  const warehouseId = (await call('GET', '/v0/warehouses/?q=DE01')).data.data[0].id as number;
  const created = await call('POST', '/v0/r7gorders/', { merchantId, warehouseId, reference, lines: [{ sku: 'SKU-B', planned: 4 }] });
  expect(created.code).toBe('OK');
  return created.data as { id: number; unid: string };
}

test.describe('inbound orders', () => {
  // The announcement form fills a dozen fields with async selects: on a busy machine it needs more than 60 s.
  test.describe.configure({ timeout: 120_000 });

  test('staff announce an order with two lines for a merchant, find it ready to inbound and mark it in transit', async ({ page }) => {
    await signedIn(page, 'warehouse@demo.local');
    await page.goto('/eEP/inbound-orders');
    const reference = unique('PO');
    await page.getByTestId('inbound-new').click();
    await choose(page, 'inbound-merchant', 'Anker Innovations DE');
    await choose(page, 'inbound-warehouse', 'DE01');
    await page.getByTestId('inbound-reference').fill(reference);
    await page.getByTestId('inbound-carrier').fill('DHL Freight');
    const tracking = page.getByTestId('inbound-tracking').locator('input');
    await tracking.fill(`JJD${Date.now()}`);
    await tracking.press('Enter');
    await page.getByTestId('inbound-boxes').fill('3');
    await choose(page, 'inbound-line-item-0', 'SKU-B', 'SKU-B');
    await page.getByTestId('inbound-line-planned-0').fill('5');
    await page.getByTestId('inbound-line-add').click();
    await choose(page, 'inbound-line-item-1', 'ANK-HUB-7', 'ANK-HUB');
    await page.getByTestId('inbound-line-planned-1').fill('3');
    await page.getByTestId('inbound-save').click();

    // Saving opens the new order.
    const detail = page.getByTestId('inbound-detail');
    await expect(detail.getByTestId('inbound-detail-unid')).toHaveText(/^MI\d+/);
    await expect(detail.getByTestId('inboundOrder-status').first()).toHaveText('Ready to inbound');
    await expect(rows(page, 'inbound-lines')).toHaveCount(2);
    await expect(rows(page, 'inbound-lines').filter({ hasText: 'SKU-B' })).toContainText('5');
    await expect(detail.getByTestId('inbound-detail-units')).toContainText('8 planned');
    await closeDrawer(page, 'inbound-detail');

    await page.getByTestId('inbound-search').locator('input').fill(reference);
    await page.getByTestId('inbound-search').locator('input').press('Enter');
    await expect(rows(page, 'inbound-table')).toHaveCount(1);
    const row = rows(page, 'inbound-table').first();
    await expect(row).toContainText('Ready to inbound');
    await expect(row).toContainText('Anker Innovations DE');

    await row.getByTestId('inbound-open').click();
    await page.getByTestId('inbound-status-inTransit').click();
    await expect(detail.getByTestId('inboundOrder-status').first()).toHaveText('In transit');
    // In transit no longer offers itself; receipt pending and cancel remain.
    await expect(page.getByTestId('inbound-status-inTransit')).toHaveCount(0);
    await expect(page.getByTestId('inbound-status-receiptPending')).toBeVisible();
    await closeDrawer(page, 'inbound-detail');
    await expect(rows(page, 'inbound-table').first()).toContainText('In transit');
  });

  test('once receiving has started, a change by staff needs a reason and keeps the header', async ({ page }) => {
    await signedIn(page, 'warehouse@demo.local');
    const reference = unique('RS');
    const order = await announced(page, reference);
    const call = await api(page);
    expect((await call('POST', `/v0/r7gorders/${order.id}/scan`, { code: 'SKU-B', quantity: 1 })).code).toBe('OK');

    await page.goto('/eEP/inbound-orders');
    await page.getByTestId('inbound-search').locator('input').fill(reference);
    await page.getByTestId('inbound-search').locator('input').press('Enter');
    await rows(page, 'inbound-table').first().getByTestId('inbound-open').click();
    await expect(page.getByTestId('inbound-detail').getByTestId('inboundOrder-status').first()).toHaveText('Receiving');
    await page.getByTestId('inbound-edit').click();
    await page.getByTestId('inbound-line-planned-0').fill('6');
    await page.getByTestId('inbound-save').click();
    await expect(page.getByTestId('inbound-form')).toContainText('Give the reason for this change.');
    await page.getByTestId('inbound-reason').fill('The supplier added two units');
    await page.getByTestId('inbound-save').click();
    await expect(page.getByTestId('inbound-form')).toHaveCount(0);
    await expect(rows(page, 'inbound-lines').filter({ hasText: 'SKU-B' })).toContainText('6');
    // The header went along unchanged: the reference is still there.
    await expect(page.getByTestId('inbound-detail-header')).toContainText(reference);
  });

  test('a merchant sees its own order read with its lines, another merchant does not', async ({ page, browser }) => {
    await signedIn(page, 'warehouse@demo.local');
    const reference = unique('MR');
    const order = await announced(page, reference);

    const merchant = await browser.newPage();
    await signedIn(merchant, 'merchant-a@demo.local');
    await merchant.goto('/mEP/inbound-orders');
    await merchant.getByTestId('inbound-search').locator('input').fill(reference);
    await merchant.getByTestId('inbound-search').locator('input').press('Enter');
    await expect(rows(merchant, 'inbound-table')).toHaveCount(1);
    await expect(rows(merchant, 'inbound-table').first()).toContainText(order.unid);
    await expect(rows(merchant, 'inbound-table').first()).toContainText('Ready to inbound');
    await rows(merchant, 'inbound-table').first().getByTestId('inbound-open').click();
    await expect(merchant.getByTestId('inbound-detail-unid')).toHaveText(order.unid);
    await expect(rows(merchant, 'inbound-lines').filter({ hasText: 'SKU-B' })).toContainText('4');
    // Before receiving starts the merchant may still change the announcement.
    await expect(merchant.getByTestId('inbound-edit')).toBeVisible();
    await merchant.close();

    const other = await browser.newPage();
    await signedIn(other, 'merchant-b@demo.local');
    await other.goto('/mEP/inbound-orders');
    await other.getByTestId('inbound-search').locator('input').fill(reference);
    await other.getByTestId('inbound-search').locator('input').press('Enter');
    await expect(other.getByTestId('inbound-total')).toHaveText('0 records');
    await other.close();
  });
});

test.describe('containers', () => {
  test('a new container takes an inbound order; its arrival makes the order receipt pending', async ({ page }) => {
    await signedIn(page, 'warehouse@demo.local');
    const reference = unique('CT');
    const order = await announced(page, reference);
    const number = `MSCU${Date.now().toString().slice(-7)}`;

    await page.goto('/c7r/orders');
    await page.getByTestId('container-new').click();
    await page.getByTestId('field-number').fill(number);
    await choose(page, 'field-warehouseId', 'DE01');
    await choose(page, 'field-size', "40' high cube");
    await page.getByTestId('field-carrier').fill('MSC');
    await page.getByTestId('mask-form-save').click();

    // Saving opens the new container.
    const drawer = page.getByTestId('container-detail');
    await expect(drawer.getByTestId('container-header')).toContainText(number);
    await expect(drawer.getByTestId('container-status').first()).toHaveText('Announced');
    // Linking empties the picker again, so the choice is made once the searched order is offered.
    // The search answers asynchronously and may re-render the list under the pointer: retry the pick.
    const link = page.getByTestId('container-link-order');
    await expect(async () => {
      await link.click();
      await link.locator('input').fill(reference);
      await option(page, order.unid).click({ timeout: 3000 });
      await expect(rows(page, 'inbound-table')).toHaveCount(1, { timeout: 3000 });
    }).toPass({ timeout: 30_000 });
    await expect(rows(page, 'inbound-table').first()).toContainText(order.unid);

    await page.getByTestId('container-status-arrived').click();
    await expect(drawer.getByTestId('container-status').first()).toHaveText('Arrived');
    await expect(rows(page, 'inbound-table').first()).toContainText('Receipt pending');

    // The list shows the container with its status; the order names its container.
    await closeDrawer(page, 'container-detail');
    await page.getByTestId('container-search').locator('input').fill(number);
    await page.getByTestId('container-search').locator('input').press('Enter');
    await expect(rows(page, 'container-table')).toHaveCount(1);
    await expect(rows(page, 'container-table').first()).toContainText('Arrived');
    await page.goto('/eEP/inbound-orders');
    await page.getByTestId('inbound-search').locator('input').fill(reference);
    await page.getByTestId('inbound-search').locator('input').press('Enter');
    await expect(rows(page, 'inbound-table').first()).toContainText(number);
  });
});
