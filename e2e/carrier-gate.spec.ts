import { expect, test } from '@playwright/test';
import { signedIn } from './helpers.js';

/**
 * The carrier gate (issue 17 item 8): a gate user and its API key made on the users screen, a label
 * bought with the key through the API (the sandbox carrier), its retry buying nothing twice, and the
 * month's bill built and read on the bills screen at carrier cost plus the user's margin.
 */
test('a gate user buys a label with its API key and finds it on the month’s bill', async ({ page }) => {
  await signedIn(page, 'admin@demo.local');
  await page.goto('/carriergate/users');
  await page.getByTestId('gate-user-create').click();
  await page.getByTestId('gate-user-company').fill('E2E Gate Shop');
  await page.getByTestId('gate-user-name1').fill('E2E Gate Shop GmbH');
  await page.getByTestId('gate-user-street').fill('Hafenstraße');
  await page.getByTestId('gate-user-streetNumber').fill('7');
  await page.getByTestId('gate-user-zip').fill('20457');
  await page.getByTestId('gate-user-city').fill('Hamburg');
  await page.getByTestId('gate-user-margin').fill('12.5');
  await page.getByTestId('gate-user-save').click();
  // The language of the user's exception mails: English unless staff choose another (docs/carrier-gate.md "Exception mails").
  await expect(page.getByTestId('gate-user-language')).toContainText('English');

  await page.getByTestId('gate-key-name').fill('webshop');
  await page.getByTestId('gate-key-create').click();
  const key = (await page.getByTestId('gate-key-value').innerText()).trim();
  expect(key).toMatch(/^kgk_/);
  await page.getByTestId('gate-key-done').click();
  await expect(page.getByTestId('gate-keys')).toContainText('webshop');
  await expect(page.getByTestId('gate-keys')).not.toContainText(key);

  const shipment = {
    receiver: { name1: 'Eva Muster', street: 'Hauptstraße', streetNumber: '5', zip: '10115', city: 'Berlin', country: 'DE' },
    parcels: [{ weightKg: 1.4 }],
    product: 'SBX_PARCEL',
    reference: 'WEB-1001',
  };
  const headers = { 'X-Api-Key': key, 'Idempotency-Key': 'webshop-order-1001' };
  const bought = await (await page.request.post('/v0/gate/shipments', { headers, data: shipment })).json();
  expect(bought.code).toBe('OK');
  expect(bought.data.state).toBe('bought');
  const again = await (await page.request.post('/v0/gate/shipments', { headers, data: shipment })).json();
  expect(again.data.trackingNumbers).toEqual(bought.data.trackingNumbers);
  const label = await page.request.get(bought.data.labelUrl, { headers: { 'X-Api-Key': key } });
  expect(label.headers()['content-type']).toBe('application/pdf');

  await page.reload();
  await page.getByTestId('gate-users-page').locator('tr', { hasText: 'E2E Gate Shop' }).getByTestId('gate-user-open').click();
  await expect(page.getByTestId('gate-shipments')).toContainText(bought.data.trackingNumbers[0]);
  // Each parcel shows its delivery state: no word from the carrier yet, or the demo's minute poll already heard it move on.
  await expect(page.getByTestId(`gate-shipment-delivery-${bought.data.id}`)).toHaveText(/Awaiting the carrier|In transit|Out for delivery|Delivered/);

  const period = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin', year: 'numeric', month: '2-digit' }).format(new Date());
  await page.goto('/carriergate/bills');
  await page.getByTestId('gate-bills-build').click();
  await page.getByTestId('gate-bills-build-period').fill(period);
  await page.getByTestId('gate-bills-build-ok').click();
  const row = page.getByTestId('gate-bills-page').locator('tr', { hasText: 'E2E Gate Shop' });
  await expect(row).toContainText(period);
  await row.getByTestId('gate-bill-open').click();
  // The sandbox's 4.95 EUR plus 12.5 % (0.61875, rounded to 0.62).
  await expect(page.getByTestId('gate-bill-total')).toContainText('5.57');
  await expect(page.getByTestId('gate-bill-detail')).toContainText(bought.data.trackingNumbers[0]);
  await page.getByTestId('gate-bill-issue').click();
  await page.getByTestId('gate-bill-issue-ok').click();
  await expect(page.getByTestId('gate-bill-detail')).toContainText('Issued');
  await expect(page.getByTestId('gate-bill-issue')).toHaveCount(0);
});
