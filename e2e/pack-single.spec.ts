import { expect, test } from '@playwright/test';
import { signedIn } from './helpers.js';
import { sessionApi as api } from './session-api.js';

/**
 * The single-item packing station in the browser (issue 18, docs/packing.md): an item is scanned at
 * /wEP/packScanSingle (typed as a keyboard-wedge scanner does, ending with Enter), its ready order is
 * packed and gets its label from the sandbox carrier; the parcel shows in /wEP/packlist with station,
 * packer and material, and its label can be printed again. The station also works on a 375 px phone.
 */

test('an item scanned at the single-item station is packed with its label and listed in the packlist', async ({ page }) => {
  test.setTimeout(120_000);
  await signedIn(page, 'admin@demo.local');
  const call = await api(page);
  const merchants = (await call('GET', '/v0/merchants/opts')).data as Array<{ id: number; code: string }>;
  const merchantId = merchants.find((m) => m.code === 'C001')!.id;
  const sku = `E2E-PACK-${Date.now().toString(36).toUpperCase()}`;
  const item = await call('POST', '/v0/items/', { sku, name: 'Pack walk item', merchantId, weight: 0.4 });
  expect(item.code).toBe('OK');
  expect((await call('POST', '/v0/inventory/adjust', { itemId: item.data.id, compartment: 'A-01-03', delta: 3, reasonCode: 'found' }, `adj-${sku}`)).code).toBe(
    'OK',
  );
  const order = await call('POST', '/v0/outbound/orders', {
    merchantId,
    typeOfTask: 'B2C',
    modeOfTransport: 'parcel',
    pickupDate: '2026-12-01',
    unitQty: 1,
    weight: 0.5,
    carrier: 'DHL',
    consignee: { name1: 'Erika Muster', streetName: 'Hauptstraße', streetNumber: '5', zip: '10115', city: 'Berlin', country: 'DE' },
    lines: [{ sku, quantity: 1 }],
  });
  expect(order.code).toBe('OK');
  const unid = order.data.unid as string;

  await page.goto('/wEP/packScanSingle');
  await expect(page.getByTestId('pack-single')).toBeVisible();
  await page.getByTestId('pack-single-station').fill('Desk E2E');
  await page.getByTestId('pack-single-input').click();
  await page.keyboard.type(sku);
  await page.keyboard.press('Enter');
  const feedback = page.getByTestId('pack-single-feedback');
  await expect(feedback).toContainText(unid);
  await expect(feedback).toHaveAttribute('data-tone', 'success');
  await expect(page.getByTestId('pack-single-recent')).toContainText(unid);
  const detail = await call('GET', `/v0/outbound/orders/${order.data.id}/detail`);
  expect(detail.data.order.status).toBe(20);
  expect(detail.data.order.shipBundle).not.toBe('');

  await page.goto('/wEP/packlist');
  const table = page.getByTestId('packlist-table');
  await expect(table).toContainText(unid);
  const row = table.locator('tr', { hasText: unid });
  await expect(row).toContainText('Desk E2E');
  const popup = page.waitForEvent('popup', { timeout: 15_000 }).catch(() => null);
  await row.getByTestId('packlist-reprint').click();
  await popup;

  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/wEP/packScanSingle');
  await expect(page.getByTestId('pack-single-input')).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
