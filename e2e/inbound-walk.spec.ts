import { expect, test, type Page } from '@playwright/test';
import { signedIn } from './helpers.js';
import { sessionApi } from './session-api.js';
import { merchantIdOf, stockedItem } from './set-up.js';

/**
 * A whole inbound in the browser (issue 6 "done when"): the merchant announces, staff receive by
 * scanning with one line short and one damaged unit, put away, and the merchant sees the result; the
 * stock lies in the compartments with its log.
 */
test.describe.configure({ timeout: 180_000 });

const rows = (page: Page, testId: string) => page.getByTestId(testId).locator('tbody tr.ant-table-row');
const option = (page: Page, text: string) =>
  page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: text }).first();

async function choose(page: Page, testId: string, text: string, typed?: string) {
  const select = page.getByTestId(testId);
  await expect(async () => {
    await select.click();
    if (typed) await select.locator('input').fill(typed);
    await option(page, text).click({ timeout: 2000 });
    await expect(select).toContainText(text, { timeout: 2000 });
  }).toPass({ timeout: 20_000 });
}

async function scan(page: Page, testId: string, code: string) {
  const box = page.getByTestId(testId);
  await expect(box).toBeFocused();
  await box.fill(code);
  await box.press('Enter');
}

async function openOrder(page: Page, path: string, reference: string) {
  await page.goto(path);
  await page.getByTestId('inbound-search').locator('input').fill(reference);
  await page.getByTestId('inbound-search').locator('input').press('Enter');
  await expect(rows(page, 'inbound-table')).toHaveCount(1);
  await rows(page, 'inbound-table').first().getByTestId('inbound-open').click();
}

test('merchant announces, staff receive short and damaged, put away; the merchant sees the result', async ({ page, browser }) => {
  const stamp = Date.now().toString(36).toUpperCase();
  const reference = `WALK-${stamp}`;
  // Two items of merchant A of this test's own, already stocked (so putaway suggests where they lie):
  // the demo's items are received and put away by other tests too, and their stock moves under this one.
  const [ear, cam] = [`WALK-EAR-${stamp}`, `WALK-CAM-${stamp}`];
  const admin = await browser.newPage();
  await signedIn(admin, 'admin@demo.local');
  const setUp = await sessionApi(admin);
  const merchantId = await merchantIdOf(setUp, 'C001');
  for (const sku of [ear, cam]) await stockedItem(setUp, { sku, name: `Walk ${sku}`, merchantId, weight: 0.2, quantity: 5 });
  await admin.close();

  // The merchant announces 4 earbuds and 2 cameras.
  await signedIn(page, 'merchant-a@demo.local');
  await page.goto('/mEP/inbound-orders');
  await page.getByTestId('inbound-new').click();
  await choose(page, 'inbound-warehouse', 'DE01');
  await page.getByTestId('inbound-reference').fill(reference);
  await choose(page, 'inbound-line-item-0', ear, ear);
  await page.getByTestId('inbound-line-planned-0').fill('4');
  await page.getByTestId('inbound-line-add').click();
  await choose(page, 'inbound-line-item-1', cam, cam);
  await page.getByTestId('inbound-line-planned-1').fill('2');
  await page.getByTestId('inbound-save').click();
  const unid = (await page.getByTestId('inbound-detail-unid').textContent())!.trim();
  expect(unid).toMatch(/^MI\d+/);
  await expect(page.getByTestId('inbound-detail').getByTestId('inboundOrder-status').first()).toHaveText('Ready to inbound');

  // Staff count it: three earbuds (one short), two cameras of which one is damaged.
  const staff = await browser.newPage();
  await signedIn(staff, 'warehouse@demo.local');
  const token = (await staff.context().cookies()).find((c) => c.name === 'Admin-Token')?.value ?? '';
  const call = async (url: string) => (await (await staff.request.fetch(url, { headers: { 'X-Token': token } })).json()) as { data: any };
  const earBefore = (await call(`/v0/stock/?sku=${ear}&l=100`)).data.data as Array<{ quantity: number }>;
  await staff.goto('/wEP/receivingScan');
  await scan(staff, 'receiving-order-scan', unid);
  await expect(staff.getByTestId('receiving-unid')).toHaveText(unid);
  await staff.getByTestId('scan-quantity').fill('3');
  await staff.getByTestId('scan-quantity').press('Enter');
  await scan(staff, 'receiving-item-scan', ear);
  await expect(staff.getByTestId(`difference-${ear}`)).toHaveText('-1');
  await scan(staff, 'receiving-item-scan', cam);
  await expect(staff.getByTestId(`counted-${cam}`)).toHaveText('1');
  await staff.getByTestId('scan-damaged').click();
  await staff.waitForTimeout(350);
  await scan(staff, 'receiving-item-scan', cam);
  await expect(staff.getByTestId(`line-${cam}`)).toContainText('1 damaged');
  await staff.getByTestId('complete-receiving').click();
  await staff.getByTestId('confirm-ok').click();
  await expect(staff.getByTestId('inbound-status')).toHaveAttribute('data-state', 'received');

  // Put away by the suggestions: valid units where the items already lie, the damaged one to quarantine.
  for (const id of [`putaway-suggested-${ear}-5`, `putaway-suggested-${cam}-5`, `putaway-suggested-${cam}-2`]) {
    await staff.getByTestId(id).click();
    await expect(staff.getByTestId(id)).toHaveCount(0);
  }
  await expect(staff.getByTestId('inbound-status')).toHaveAttribute('data-state', 'inbounded');
  const earAfter = (await call(`/v0/stock/?sku=${ear}&l=100`)).data.data as Array<{ compartmentCode: string; status: number; quantity: number }>;
  expect(earAfter.reduce((s, r) => s + r.quantity, 0)).toBe(earBefore.reduce((s, r) => s + r.quantity, 0) + 3);
  const camAfter = (await call(`/v0/stock/?sku=${cam}&l=100`)).data.data as Array<{ compartmentCode: string; status: number; quantity: number }>;
  expect(camAfter.find((r) => r.compartmentCode === 'DMG-01' && r.status === 2)?.quantity).toBe(1);
  const log = (await call(`/v0/inventorylog/?refId=${unid}&l=100`)).data.data as Array<{ reason: string; delta: number }>;
  expect(log.filter((r) => r.reason === 'receive').reduce((s, r) => s + r.delta, 0)).toBe(5);
  await staff.close();

  // The merchant sees the order inbounded with its differences.
  await openOrder(page, '/mEP/inbound-orders', reference);
  await expect(page.getByTestId('inbound-detail').getByTestId('inboundOrder-status').first()).toHaveText('Inbounded');
  await expect(rows(page, 'inbound-lines').filter({ hasText: ear })).toContainText('-1');
  await expect(rows(page, 'inbound-lines').filter({ hasText: cam })).toContainText('1');
});
