import { expect, test, type Page } from '@playwright/test';
import { expectNoOverflow, signedIn } from './helpers.js';
import { sessionApi as api } from './session-api.js';
import { createOrder, merchantIdOf, stockedItem } from './set-up.js';

/**
 * The merchant-specific pack station and weighing in the browser (issue 18 items 5 and 7,
 * docs/packing.md "Merchant rules"): merchant C001's rules ask for a serial per unit and a charger in
 * the box; at /wEP/PackScanEF the order is scanned, its serials and the accessory scanned (as a wedge
 * scanner types them), the parcel weighed by keyboard; a weight far from the items' asks for a check,
 * the packer confirms, the order is packed and labelled. The merchant then finds it by its reference at
 * /mEP/packScanRef, with the parcel's weight and the tracking number. Both screens at 375 px.
 */

async function scan(page: Page, code: string) {
  await page.getByTestId('pack-ef-input').click();
  await page.keyboard.type(code);
  await page.keyboard.press('Enter');
}

test("an order is packed by its merchant's rules, weighed and confirmed, and the merchant sees it by reference", async ({ page, browser }) => {
  test.setTimeout(120_000);
  await signedIn(page, 'admin@demo.local');
  const call = await api(page);
  const merchantId = await merchantIdOf(call, 'C001');
  const tag = Date.now().toString(36).toUpperCase();
  const sku = `E2E-EF-${tag}`;
  await stockedItem(call, { sku, name: 'EF walk item', merchantId, weight: 0.4, quantity: 3 });
  const rules = { serialPerUnit: true, accessories: [{ code: `ACC-${tag}`, name: 'Charger' }], note: 'Put the flyer on top' };
  expect((await call('PUT', `/v0/packing/merchant-rules/${merchantId}`, rules, `rules-${tag}`)).code).toBe('OK');
  const ref = `SHOP-${tag}`;
  const order = await createOrder(call, { merchantId, refOrderId: ref, weight: 0.8, lines: [{ sku, quantity: 2 }] });
  const unid = order.unid;

  await page.goto('/wEP/PackScanEF');
  await expect(page.getByTestId('pack-ef')).toBeVisible();
  await page.getByTestId('pack-ef-station').fill('EF desk');
  await scan(page, unid);
  const card = page.getByTestId('pack-ef-order');
  await expect(card).toContainText(unid);
  await expect(page.getByTestId('pack-ef-note')).toContainText('Put the flyer on top');
  await expect(page.getByTestId('pack-ef-pack')).toBeDisabled();
  await scan(page, `SN-${tag}-1`);
  await scan(page, `SN-${tag}-2`);
  await expect(page.getByTestId('pack-ef-serial-count')).toContainText('2 / 2');
  await expect(page.getByTestId('pack-ef-pack')).toBeDisabled();
  await scan(page, `acc-${tag.toLowerCase()}`);
  await expect(page.getByTestId('pack-ef-accessory').locator('input')).toBeChecked();

  // The scale types 5 kg and Enter: far from 0.8 kg of items, the station asks for a check.
  await page.getByTestId('pack-ef-measure-weight').click();
  await page.keyboard.type('5');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('pack-ef-measure-length')).toBeFocused();
  await page.getByTestId('pack-ef-pack').click();
  const feedback = page.getByTestId('pack-ef-feedback');
  await expect(feedback).toHaveAttribute('data-tone', 'warning');
  await expect(feedback).toContainText('5 kg');
  expect((await call('GET', `/v0/outbound/orders/${order.id}/detail`)).data.order.status).toBe(order.status);
  await page.getByTestId('pack-ef-confirm-weight').click();
  await expect(feedback).toHaveAttribute('data-tone', 'success');
  await expect(feedback).toContainText(unid);
  const detail = await call('GET', `/v0/outbound/orders/${order.id}/detail`);
  expect(detail.data.order.shipBundle).not.toBe('');

  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/wEP/PackScanEF');
  await expect(page.getByTestId('pack-ef-input')).toBeVisible();
  await expectNoOverflow(page);
  expect((await call('PUT', `/v0/packing/merchant-rules/${merchantId}`, {}, `rules-reset-${tag}`)).code).toBe('OK');

  // The merchant's own view by reference, on a phone.
  const merchant = await browser.newPage({ viewport: { width: 375, height: 800 } });
  await signedIn(merchant, 'merchant-a@demo.local');
  await merchant.goto('/mEP/packScanRef');
  await merchant.getByTestId('pack-ref-search').locator('input').fill(ref);
  await merchant.keyboard.press('Enter');
  const found = merchant.getByTestId('pack-ref-order');
  await expect(found).toHaveCount(1);
  await expect(found).toContainText(unid);
  await expect(merchant.getByTestId('pack-ref-parcels')).toContainText('EF desk');
  await expect(merchant.getByTestId('pack-ref-parcels')).toContainText('5 kg');
  await expect(merchant.getByTestId('pack-ref-tracking')).toContainText(detail.data.order.shipBundle.split('\n')[0]);
  await expectNoOverflow(merchant);
  await merchant.close();
});
