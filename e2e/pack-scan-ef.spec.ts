import { expect, test, type Page } from '@playwright/test';
import { signedIn } from './helpers.js';

/**
 * The merchant-specific pack station and weighing in the browser (issue 18 items 5 and 7,
 * docs/packing.md "Merchant rules"): merchant C001's rules ask for a serial per unit and a charger in
 * the box; at /wEP/PackScanEF the order is scanned, its serials and the accessory scanned (as a wedge
 * scanner types them), the parcel weighed by keyboard; a weight far from the items' asks for a check,
 * the packer confirms, the order is packed and labelled. The merchant then finds it by its reference at
 * /mEP/packScanRef, with the parcel's weight and the tracking number. Both screens at 375 px.
 */

async function api(page: Page) {
  const token = (await page.context().cookies()).find((c) => c.name === 'Admin-Token')?.value ?? '';
  return async (method: string, url: string, data?: unknown, key?: string) => {
    const res = await page.request.fetch(url, { method, data: data as never, headers: { 'X-Token': token, ...(key ? { 'Idempotency-Key': key } : {}) } });
    return (await res.json()) as { code: string; data: any };
  };
}

const noOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

async function scan(page: Page, code: string) {
  await page.getByTestId('pack-ef-input').click();
  await page.keyboard.type(code);
  await page.keyboard.press('Enter');
}

test("an order is packed by its merchant's rules, weighed and confirmed, and the merchant sees it by reference", async ({ page, browser }) => {
  test.setTimeout(120_000);
  await signedIn(page, 'admin@demo.local');
  const call = await api(page);
  const merchants = (await call('GET', '/v0/merchants/opts')).data as Array<{ id: number; code: string }>;
  const merchantId = merchants.find((m) => m.code === 'C001')!.id;
  const tag = Date.now().toString(36).toUpperCase();
  const sku = `E2E-EF-${tag}`;
  const item = await call('POST', '/v0/items/', { sku, name: 'EF walk item', merchantId, weight: 0.4 });
  expect(item.code).toBe('OK');
  expect((await call('POST', '/v0/inventory/adjust', { itemId: item.data.id, compartment: 'A-01-03', delta: 3, reasonCode: 'found' }, `adj-${sku}`)).code).toBe(
    'OK',
  );
  const rules = { serialPerUnit: true, accessories: [{ code: `ACC-${tag}`, name: 'Charger' }], note: 'Put the flyer on top' };
  expect((await call('PUT', `/v0/packing/merchant-rules/${merchantId}`, rules, `rules-${tag}`)).code).toBe('OK');
  const ref = `SHOP-${tag}`;
  const order = await call('POST', '/v0/outbound/orders', {
    merchantId,
    refOrderId: ref,
    typeOfTask: 'B2C',
    modeOfTransport: 'parcel',
    pickupDate: '2026-12-01',
    unitQty: 1,
    weight: 0.8,
    carrier: 'DHL',
    consignee: { name1: 'Erika Muster', streetName: 'Hauptstraße', streetNumber: '5', zip: '10115', city: 'Berlin', country: 'DE' },
    lines: [{ sku, quantity: 2 }],
  });
  expect(order.code).toBe('OK');
  const unid = order.data.unid as string;

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
  expect((await call('GET', `/v0/outbound/orders/${order.data.id}/detail`)).data.order.status).toBe(order.data.status);
  await page.getByTestId('pack-ef-confirm-weight').click();
  await expect(feedback).toHaveAttribute('data-tone', 'success');
  await expect(feedback).toContainText(unid);
  const detail = await call('GET', `/v0/outbound/orders/${order.data.id}/detail`);
  expect(detail.data.order.shipBundle).not.toBe('');

  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/wEP/PackScanEF');
  await expect(page.getByTestId('pack-ef-input')).toBeVisible();
  expect(await noOverflow(page)).toBeLessThanOrEqual(0);
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
  expect(await noOverflow(merchant)).toBeLessThanOrEqual(0);
  await merchant.close();
});
