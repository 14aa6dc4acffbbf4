import { expect, test, type Page } from '@playwright/test';
import { signedIn } from './helpers.js';
import { sessionApi as api } from './session-api.js';
import { createOrder, merchantIdOf, moveOrder } from './set-up.js';
import { wedge } from './wedge.js';

/**
 * The shipping scan in the browser (issue 19 items 1–2): an order with two parcels, made through the
 * API and taken to packing completed, is scanned parcel by parcel at 1440 px (the second parcel makes
 * it ready to carrier pickup, a repeat says Already Scanned), and again on a 375 px phone.
 */

/** A packed order of merchant A with two parcels, through the API. */
async function packedOrder(page: Page, tag: string) {
  const call = await api(page);
  const { id, unid } = await createOrder(call, {
    merchantId: await merchantIdOf(call, 'C001'),
    unitQty: 2,
    weight: 1,
    refOrderId: `REF-${tag}`,
    remark: 'Fragile',
    importantNote: 'Use the red tape',
    consignee: { name1: 'Max Mustermann', streetName: 'Friedrichstraße', streetNumber: '123', zip: '10117', city: 'Berlin', country: 'DE' },
    parcels: [{ trackingNo: `${tag}-1` }, { trackingNo: `${tag}-2` }],
    lines: [{ sku: 'SKU-B', quantity: 2 }],
  });
  await moveOrder(call, id, ['inPicklist', 'readyToPack', 'packed', 'packingCompleted']);
  return { id, unid };
}

test.describe('shipping scan', () => {
  test.describe.configure({ timeout: 120_000 });

  test('two parcels: the second makes the order ready to ship, a repeat is Already Scanned; on a phone too', async ({ browser }) => {
    const admin = await browser.newPage();
    await signedIn(admin, 'admin@demo.local');
    const stamp = Date.now().toString(36).toUpperCase();
    const desk = await packedOrder(admin, `E2ED${stamp}`);
    const phone = await packedOrder(admin, `E2EP${stamp}`);
    await admin.close();

    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await signedIn(page, 'warehouse@demo.local');
    await page.goto('/wEP/shippingScan');
    await expect(page.getByTestId('ship-scan-idle')).toHaveText('Please Scan the Shipment No. or Order No.');
    const input = page.getByTestId('ship-scan-input');
    const banner = page.getByTestId('ship-scan-feedback');
    await wedge(input, `E2ED${stamp}-1`);
    await expect(banner).toHaveText('1/2 Scanned');
    await expect(banner).toHaveAttribute('data-tone', 'success');
    await expect(page.getByTestId('ship-scan-subtitle')).toHaveText('Shipping scan completed.');
    const panel = page.getByTestId('ship-scan-order');
    await expect(panel).toContainText(desk.unid);
    await expect(panel).toContainText('REF-E2ED');
    await expect(panel).toContainText('Max Mustermann');
    await expect(panel).toContainText('SKU-B * 2');
    await expect(panel).toContainText('Fragile');
    await expect(page.getByTestId('ship-scan-important')).toHaveText('Use the red tape');
    await expect(page.getByTestId('ship-scan-sent')).toHaveText(`E2ED${stamp}-1`);
    await expect(page.getByTestId('ship-scan-missing')).toHaveText(`E2ED${stamp}-2`);

    await wedge(input, `E2ED${stamp}-2`);
    await expect(banner).toHaveText('2/2 Ready to Carrier Pickup');
    await expect(page.getByTestId('ship-scan-subtitle')).toHaveCount(0);
    await expect(page.getByTestId('ship-scan-missing')).toHaveCount(0);
    await expect(panel).toContainText('Ready to ship');

    await wedge(input, `E2ED${stamp}-2`);
    await expect(banner).toHaveText('Already Scanned – 2/2');
    await expect(banner).toHaveAttribute('data-tone', 'warning');
    await expect(page.getByTestId('ship-scan-subtitle')).toHaveText('This order was scanned before!');

    await wedge(input, 'NO-SUCH-PARCEL');
    await expect(banner).toHaveText('Order Not Found');
    await expect(banner).toHaveAttribute('data-tone', 'error');

    await wedge(input, 'CANCEL1');
    await expect(banner).toHaveText('Attention – Please check the status of the order! Maybe canceled!');
    // A spreadsheet row pasted: refused whole, never sent as one number.
    await wedge(input, `E2ED${stamp}-1\tE2ED${stamp}-2`);
    await expect(banner).toHaveText(`2 numbers in one scan (E2ED${stamp}-1, E2ED${stamp}-2): scan one parcel at a time. Nothing was scanned.`);
    await page.close();

    // The same on a phone: by order number (the first parcel), then the second parcel.
    const small = await browser.newPage({ viewport: { width: 375, height: 740 } });
    await signedIn(small, 'warehouse@demo.local');
    await small.goto('/wEP/shippingScan');
    const field = small.getByTestId('ship-scan-input');
    await wedge(field, phone.unid);
    await expect(small.getByTestId('ship-scan-feedback')).toHaveText('1/2 Scanned');
    await wedge(field, `E2EP${stamp}-2`);
    await expect(small.getByTestId('ship-scan-feedback')).toHaveText('2/2 Ready to Carrier Pickup');
    await wedge(field, phone.unid);
    await expect(small.getByTestId('ship-scan-feedback')).toHaveText('Already Scanned – 2/2');
    const width = await small.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);
    await small.close();
  });
});
