import { expect, test, type Browser, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { signedIn } from './helpers.js';
import { sessionApi as api } from './session-api.js';
import { merchantIdOf, stockedItem } from './set-up.js';

/**
 * Outbound orders in the browser (issue 7 §4): a merchant creates an order in the form and finds its
 * stock reserved, an order without stock waits as out of stock, standby from the list releases the
 * stock, staff decide a cancel request, and another merchant sees none of it. Every test works on
 * orders it creates, found by a unique reference.
 */

const unique = (prefix: string) => `${prefix}-${Date.now().toString(36).toUpperCase()}${Math.floor(Math.random() * 1000)}`;
const option = (page: Page, text: string) =>
  page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: text }).first();
const rows = (page: Page, testId: string) => page.getByTestId(testId).locator('tbody tr.ant-table-row');
const statusOf = (page: Page) => page.getByTestId('outbound-detail').getByTestId('outboundOrder-status').first();

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

/** An order of the signed-in merchant through the API. */
async function created(page: Page, refOrderId: string, lines: Array<{ sku: string; quantity: number }>, consignee: Record<string, string> = {}) {
  const call = await api(page);
  const answer = await call('POST', '/v0/outbound/orders', {
    typeOfTask: 'B2C',
    modeOfTransport: 'parcel',
    pickupDate: '2026-12-01',
    unitQty: 1,
    weight: 0.5,
    refOrderId,
    consignee: { name1: 'Erika Muster', streetName: 'Ring', streetNumber: '3', zip: '80331', city: 'München', country: 'DE', ...consignee },
    lines,
  });
  expect(answer.code).toBe('OK');
  return answer.data as { id: number; unid: string; status: number };
}

/**
 * New items of merchant A (C001) with these quantities on hand, stocked by staff through the API: the
 * test's orders reserve them, so no other test's order can take their stock and no wave of another test
 * takes the orders (waves are made per zone, docs/testing.md "Browser tests' own data").
 */
async function merchantItems(browser: Browser, quantities: number[]): Promise<string[]> {
  const staff = await browser.newPage();
  await signedIn(staff, 'admin@demo.local');
  const call = await api(staff);
  const merchantId = await merchantIdOf(call, 'C001');
  const skus: string[] = [];
  for (const quantity of quantities) {
    const sku = unique('OUT');
    await stockedItem(call, { sku, name: `Outbound ${sku}`, merchantId, weight: 0.5, quantity });
    skus.push(sku);
  }
  await staff.close();
  return skus;
}

/** The list narrowed to one reference. */
async function search(page: Page, reference: string) {
  await page.getByTestId('outbound-search').locator('input').fill(reference);
  await page.getByTestId('outbound-search').locator('input').press('Enter');
  await expect(rows(page, 'outbound-table')).toHaveCount(1);
}

test.describe('outbound orders', () => {
  test.describe.configure({ timeout: 120_000 });

  test('a merchant creates an order in the form: the required fields are named, then the stock is reserved', async ({ page }) => {
    await signedIn(page, 'merchant-a@demo.local');
    await page.goto('/mEP/outbound-orders');
    await page.getByTestId('outbound-new').click();
    await page.getByTestId('outbound-save').click();
    const form = page.getByTestId('outbound-form');
    for (const text of ['Type of Task', 'Mode of Transport', 'Pickup Date', 'Unit Quantity', 'Weight'])
      await expect(form.getByText(`Please enter the ${text}`, { exact: true })).toBeVisible();

    const reference = unique('SHOP');
    await choose(page, 'outbound-typeOfTask', 'B2C');
    await choose(page, 'outbound-modeOfTransport', 'Parcel');
    await page.getByTestId('outbound-pickupDate').click();
    await page.getByTestId('outbound-pickupDate').fill('2026-12-01');
    await page.getByTestId('outbound-pickupDate').press('Enter');
    await page.getByTestId('outbound-unitQty').fill('2');
    await page.getByTestId('outbound-weight').fill('1.5');
    await page.getByTestId('outbound-refOrderId').fill(reference);
    await page.getByTestId('outbound-consignee-name1').fill('Max Mustermann');
    await page.getByTestId('outbound-consignee-streetName').fill('Hauptstraße');
    // A German ZIP of three digits is warned about while typing, not refused.
    await page.getByTestId('outbound-consignee-zip').fill('101');
    await expect(page.getByTestId('outbound-address-warning')).toContainText('ZIP');
    await page.getByTestId('outbound-consignee-streetNumber').fill('5');
    await page.getByTestId('outbound-consignee-zip').fill('10115');
    await page.getByTestId('outbound-consignee-city').fill('Berlin');
    await expect(page.getByTestId('outbound-address-warning')).toHaveCount(0);
    await choose(page, 'outbound-line-item-0', 'SKU-A', 'SKU-A');
    await page.getByTestId('outbound-line-planned-0').fill('2');
    await page.getByTestId('outbound-save').click();

    // Saving opens the new order, ready to pick with its reservation.
    await expect(page.getByTestId('outbound-detail-unid')).toHaveText(/^MO\d+/);
    await expect(statusOf(page)).toHaveText('Ready to pick');
    await expect(page).toHaveURL(/[?&]id=\d+/);
    await expect(rows(page, 'outbound-lines').filter({ hasText: 'SKU-A' })).toContainText('2');
    await expect(page.getByTestId('outbound-reservations').first()).toContainText(/\S+ · .*2/);
  });

  test('the form adds up unit quantity and weight from the lines and warns when they disagree or the pickup date is past (issue 15 item 14)', async ({
    page,
  }) => {
    await signedIn(page, 'merchant-a@demo.local');
    await page.goto('/mEP/outbound-orders');
    await page.getByTestId('outbound-new').click();
    const unitQty = page.getByTestId('outbound-unitQty');
    const weight = page.getByTestId('outbound-weight');
    // SKU-A weighs 0.45 kg, SKU-B 0.05 kg (demo items).
    await choose(page, 'outbound-line-item-0', 'SKU-A', 'SKU-A');
    await page.getByTestId('outbound-line-planned-0').fill('2');
    await expect(unitQty).toHaveValue('2');
    await expect(weight).toHaveValue('0.900');
    await page.getByTestId('outbound-line-add').click();
    await choose(page, 'outbound-line-item-1', 'SKU-B', 'SKU-B');
    await page.getByTestId('outbound-line-planned-1').fill('3');
    await expect(unitQty).toHaveValue('5');
    await expect(weight).toHaveValue('1.050');
    await expect(page.getByTestId('outbound-unitQty-warning')).toHaveCount(0);
    await expect(page.getByTestId('outbound-weight-warning')).toHaveCount(0);

    // Still editable: a typed value stays, with a warning naming what the lines add up to.
    await unitQty.fill('4');
    await weight.fill('2');
    await expect(page.getByTestId('outbound-unitQty-warning')).toHaveText('The lines add up to 5 units.');
    await expect(page.getByTestId('outbound-weight-warning')).toHaveText('The items of the lines weigh 1.05 kg.');
    await page.getByTestId('outbound-line-planned-1').fill('2');
    await expect(unitQty).toHaveValue('4');
    await expect(page.getByTestId('outbound-unitQty-warning')).toHaveCount(0);
    await expect(page.getByTestId('outbound-weight-warning')).toHaveText('The items of the lines weigh 1 kg.');

    // A pickup date already past is warned about, not refused.
    await page.getByTestId('outbound-pickupDate').click();
    await page.getByTestId('outbound-pickupDate').fill('2020-01-02');
    await page.getByTestId('outbound-pickupDate').press('Enter');
    await expect(page.getByTestId('outbound-pickupDate-warning')).toHaveText('This pickup date is in the past.');
    await page.getByTestId('outbound-pickupDate').click();
    await page.getByTestId('outbound-pickupDate').fill('2099-01-02');
    await page.getByTestId('outbound-pickupDate').press('Enter');
    await expect(page.getByTestId('outbound-pickupDate-warning')).toHaveCount(0);
  });

  test('an order with a wrong address names its problems in words; numbers stay on one line; toasts leave the drawer title free (issue 15 item 13)', async ({
    page,
  }) => {
    await signedIn(page, 'merchant-a@demo.local');
    const reference = unique('ADDR');
    const order = await created(page, reference, [{ sku: 'SKU-B', quantity: 1 }], { name1: '', zip: '1011' });
    expect(order.status).toBe(9); // wrong address

    for (const size of [
      { width: 1440, height: 900 },
      { width: 375, height: 740 },
    ]) {
      await page.setViewportSize(size);
      await page.goto('/mEP/outbound-orders');
      // By its number: the copy made below carries the same reference.
      await search(page, order.unid);
      // Document numbers never wrap: one line in the list, in the drawer title and in the detail.
      const link = rows(page, 'outbound-table').first().getByTestId('outbound-open');
      await expect(link.locator('.doc-no')).toHaveCSS('white-space', 'nowrap');
      await link.click();
      const detail = page.getByTestId('outbound-detail');
      await expect(detail.getByTestId('outbound-detail-exception')).toContainText('Name is missing · ZIP does not fit the country');
      await expect(detail.getByTestId('outbound-detail-exception')).not.toContainText('name1');
      await expect(page.getByTestId('outbound-address-problems')).toContainText('Name is missing');
      const title = page.locator('.ant-drawer-open .ant-drawer-title .doc-no');
      await expect(title).toHaveText(order.unid);
      await expect(title).toHaveCSS('white-space', 'nowrap');
      const unid = detail.getByTestId('outbound-detail-unid');
      const lineHeight = parseFloat(await unid.evaluate((el) => getComputedStyle(el).lineHeight));
      expect((await unid.boundingBox())!.height).toBeLessThan(lineHeight * 1.5);

      // A toast while the drawer is open covers neither its title nor its buttons.
      await page.getByTestId('outbound-copy').click();
      await page.getByTestId('confirm-ok').click();
      const toast = page.locator('.ant-message-notice').first();
      await expect(toast).toBeVisible();
      const header = page.locator('.ant-drawer-open .ant-drawer-header');
      await expect(header.first()).toBeVisible();
      const toastBox = (await toast.boundingBox())!;
      for (const box of await header.evaluateAll((els) => els.map((e) => e.getBoundingClientRect().toJSON() as DOMRect))) {
        const apart = toastBox.y >= box.bottom || toastBox.y + toastBox.height <= box.top;
        expect(apart, `toast ${JSON.stringify(toastBox)} over a drawer header ${JSON.stringify(box)} at ${size.width} px`).toBe(true);
      }
      expect(toastBox.y + toastBox.height).toBeLessThanOrEqual(size.height);
    }

    // The history words the address check too.
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`/mEP/outbound-orders?id=${order.id}`);
    await page.getByRole('tab', { name: /History/ }).click();
    await expect(page.getByTestId('outbound-history')).toContainText('Name is missing · ZIP does not fit the country');
    await expect(page.getByTestId('outbound-history')).not.toContainText('zip: pattern');
  });

  test('an order without stock waits out of stock and becomes ready to pick when stock is adjusted in', async ({ page, browser }) => {
    await signedIn(page, 'merchant-a@demo.local');
    const sku = unique('NEW');
    expect((await (await api(page))('POST', '/v0/items/', { sku, name: `New item ${sku}` })).code).toBe('OK');
    const short = unique('NOSTOCK');
    expect((await created(page, short, [{ sku, quantity: 2 }])).status).toBe(8);
    await page.goto('/mEP/outbound-orders');
    await search(page, short);
    await expect(rows(page, 'outbound-table').first().getByTestId('outboundOrder-status')).toHaveText('Out of stock');

    const staff = await browser.newPage();
    await signedIn(staff, 'admin@demo.local');
    const adjusted = await (await api(staff))('POST', '/v0/inventory/adjust', { item: sku, compartment: 'A-01-03', delta: 2, reasonCode: 'found' });
    expect(adjusted.code).toBe('OK');
    await staff.close();
    // The server offers waiting orders the stock that arrived (every few seconds).
    await expect(async () => {
      await page.getByTestId('outbound-list-reload').click();
      await expect(rows(page, 'outbound-table').first().getByTestId('outboundOrder-status')).toHaveText('Ready to pick', { timeout: 1000 });
    }).toPass({ timeout: 30_000 });
  });

  test('an order without enough stock shows out of stock; standby from the list releases the stock of a reserved one', async ({ page, browser }) => {
    // Items of its own: another test's wave or order cannot take the stock or the reserved order.
    const [few, plenty] = await merchantItems(browser, [1, 5]);
    await signedIn(page, 'merchant-a@demo.local');
    const short = unique('NOSTOCK');
    expect((await created(page, short, [{ sku: few, quantity: 2 }])).status).toBe(8);
    const reserved = unique('STANDBY');
    expect((await created(page, reserved, [{ sku: plenty, quantity: 1 }])).status).toBe(0);

    await page.goto('/mEP/outbound-orders');
    await search(page, short);
    await expect(rows(page, 'outbound-table').first().getByTestId('outboundOrder-status')).toHaveText('Out of stock');

    await search(page, reserved);
    await expect(rows(page, 'outbound-table').first()).toContainText('1 / 1');
    await rows(page, 'outbound-table').first().locator('.ant-checkbox-input').check();
    await page.getByTestId('outbound-bulk-menu').click();
    await page.getByTestId('outbound-bulk-standby').click();
    await page.getByTestId('outbound-bulk-ok').click();
    await expect(rows(page, 'outbound-table').first().getByTestId('outboundOrder-status')).toHaveText('Standby');
    await expect(rows(page, 'outbound-table').first()).toContainText('0 / 1');
    await rows(page, 'outbound-table').first().getByTestId('outbound-open').click();
    await expect(page.getByTestId('outbound-lines')).toContainText('Nothing reserved');
    await page.getByRole('tab', { name: /History/ }).click();
    await expect(page.getByTestId('outbound-history')).toContainText('Standby');
  });

  test('staff approve a cancel request the merchant made after picking started', async ({ page, browser }) => {
    const [sku] = await merchantItems(browser, [1]);
    await signedIn(page, 'merchant-a@demo.local');
    const reference = unique('CANCEL');
    const order = await created(page, reference, [{ sku: sku!, quantity: 1 }]);

    const staff = await browser.newPage();
    await signedIn(staff, 'staff@demo.local');
    const staffCall = await api(staff);
    for (const to of ['inPicklist', 'picklistPrinted']) expect((await staffCall('POST', `/v0/outbound/orders/${order.id}/status`, { to })).code).toBe('OK');

    // Picking has started: the merchant can only ask.
    const call = await api(page);
    const asked = await call('POST', '/v0/outbound/orders/bulk', { ids: [order.id], action: 'requestCancel', reason: 'customer changed mind' });
    expect(asked.data.results[0]).toMatchObject({ ok: true, status: 2 });

    await staff.goto(`/eEP/outbound-orders?id=${order.id}`);
    await expect(statusOf(staff)).toHaveText('Cancel requested');
    await staff.getByTestId('outbound-cancel-approve').click();
    await staff.getByTestId('outbound-status-note').fill('approved by phone');
    await staff.getByTestId('outbound-status-ok').click();
    await expect(statusOf(staff)).toHaveText('Canceled');
    await staff.getByRole('tab', { name: /History/ }).click();
    await expect(staff.getByTestId('outbound-history')).toContainText('Cancellation approved');
    await staff.close();
  });

  test('staff finish a partially shipped order partially: the dialog asks why, the order and its history say so (issue 19 item 6)', async ({
    page,
    browser,
  }) => {
    // An item of its own: a partially shipped order issues its stock, which the inventory suite counts for SKU-A.
    const [sku] = await merchantItems(browser, [1]);
    await signedIn(page, 'merchant-a@demo.local');
    const order = await created(page, unique('PARTIAL'), [{ sku: sku!, quantity: 1 }]);

    const staff = await browser.newPage();
    await signedIn(staff, 'staff@demo.local');
    const staffCall = await api(staff);
    for (const to of ['inPicklist', 'readyToPack', 'packed', 'packingCompleted', 'partiallyShipped'])
      expect((await staffCall('POST', `/v0/outbound/orders/${order.id}/status`, { to })).code, to).toBe('OK');

    await staff.goto(`/eEP/outbound-orders?id=${order.id}`);
    await expect(statusOf(staff)).toHaveText('Partially shipped');
    await staff.getByTestId('outbound-partial-finish').click();
    const dialog = staff.locator('.ant-modal').filter({ hasText: `Finish order ${order.unid} partially` });
    // Without a reason nothing is sent: the dialog says what is missing.
    await dialog.getByRole('button', { name: 'Finish partially' }).click();
    await expect(dialog).toContainText('Please give a reason.');
    await dialog.getByTestId('partial-finish-reason').fill('second parcel lost in the depot');
    await dialog.getByRole('button', { name: 'Finish partially' }).click();
    await expect(dialog).toBeHidden();
    await expect(statusOf(staff)).toHaveText('Partially finish');
    await expect(staff.getByTestId('outbound-partial-finish')).toHaveCount(0);
    await staff.getByRole('tab', { name: /History/ }).click();
    const entry = staff.getByTestId('outbound-history-entry').filter({ hasText: 'second parcel lost in the depot' });
    await expect(entry).toContainText('Partially shipped');
    await expect(entry).toContainText('Partially finish');
    await staff.close();
  });

  test("merchant B sees none of merchant A's orders, exports or tickets", async ({ page, browser }) => {
    await signedIn(page, 'merchant-a@demo.local');
    const reference = unique('PRIVATE');
    const order = await created(page, reference, [{ sku: 'SKU-A', quantity: 1 }]);

    const other = await browser.newPage();
    await signedIn(other, 'merchant-b@demo.local');
    await other.goto('/mEP/outbound-orders');
    await other.getByTestId('outbound-search').locator('input').fill(reference);
    await other.getByTestId('outbound-search').locator('input').press('Enter');
    await expect(other.getByTestId('outbound-total')).toHaveText('0 records');
    // Its address opens nothing: the server answers NotFound and the drawer closes.
    await other.goto(`/mEP/outbound-orders?id=${order.id}`);
    await expect(other.getByTestId('outbound-detail')).toHaveCount(0);
    await expect(other).not.toHaveURL(/[?&]id=/);

    // Nor in an export of all orders, nor among tickets.
    const subject = unique('TICKET');
    expect((await (await api(page))('POST', '/v0/tickets/', { orderId: order.id, subject, message: 'Where is it?' })).code).toBe('OK');
    await other.goto('/tools/outboundExport?view=orders');
    const [file] = await Promise.all([other.waitForEvent('download'), other.getByTestId('oexp-download').click()]);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(await file.path());
    const cells: string[] = [];
    book.eachSheet((sheet) => sheet.eachRow((row) => row.eachCell((cell) => void cells.push(String(cell.value)))));
    expect(cells.length).toBeGreaterThan(0);
    expect(cells).not.toContain(reference);
    expect(cells).not.toContain(order.unid);
    const tickets = await (await api(other))('GET', `/v0/tickets/?q=${subject}`);
    expect(tickets.data.data).toHaveLength(0);
    await other.close();
  });
});
