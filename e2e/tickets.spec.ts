import { expect, test } from '@playwright/test';
import { signedIn } from './helpers.js';
import { sessionApi as api } from './session-api.js';

/**
 * Tickets in the browser (issue 7 §5): a merchant opens a ticket on its order through the API, staff
 * find it on /eEP/tickets and answer in the conversation drawer, and the ticket then waits for the
 * merchant. The order is the merchant's own, created through `POST /v0/outbound/orders`.
 */

async function merchantOrder(call: Awaited<ReturnType<typeof api>>): Promise<number> {
  const created = await call('POST', '/v0/outbound/orders', {
    typeOfTask: 'B2C',
    modeOfTransport: 'parcel',
    pickupDate: new Date().toISOString().slice(0, 10),
    unitQty: 1,
    weight: 1.2,
    consignee: { name1: 'Eva Muster', streetName: 'Hauptstraße', streetNumber: '1', zip: '10115', city: 'Berlin', country: 'DE' },
    lines: [{ sku: 'ANK-HUB-7', quantity: 1 }],
  });
  expect(created.code).toBe('OK');
  return created.data.id as number;
}

test('staff answer a merchant’s ticket on /eEP/tickets and it waits for the merchant', async ({ page, browser }) => {
  const merchantContext = await browser.newContext();
  const merchantPage = await merchantContext.newPage();
  await signedIn(merchantPage, 'merchant-a@demo.local');
  const asMerchant = await api(merchantPage);
  const orderId = await merchantOrder(asMerchant);
  const subject = `Parcel late ${Date.now().toString(36)}`;
  const created = await asMerchant('POST', '/v0/tickets/', { orderId, subject, message: 'The customer is still waiting.' });
  expect(created.code).toBe('OK');

  await signedIn(page, 'staff@demo.local');
  await page.goto('/eEP/tickets');
  await page.getByTestId('tickets-search').locator('input').fill(created.data.unid);
  await page.getByTestId('tickets-search').locator('input').press('Enter');
  const row = page.getByTestId('tickets-table').locator('tbody tr.ant-table-row', { hasText: created.data.unid });
  await expect(row).toContainText('Open');
  await row.getByTestId('ticket-open').click();

  const drawer = page.getByTestId('ticket-detail');
  await expect(drawer.getByTestId('ticket-subject')).toHaveText(subject);
  await expect(drawer.getByTestId('ticket-message')).toHaveCount(1);
  await drawer.getByTestId('ticket-answer-text').fill('Handed to DHL today.');
  await drawer.getByTestId('ticket-send').click();
  await expect(drawer.getByTestId('ticket-message')).toHaveCount(2);
  await expect(drawer.getByTestId('ticket-message').last()).toContainText('Warehouse');
  await expect(drawer.getByTestId('ticket-status')).toHaveText('Waiting');
  await expect(row).toContainText('Waiting');

  const seen = await asMerchant('GET', `/v0/tickets/${created.data.id}/detail`);
  expect(seen.data.messages.map((m: { side: string; message: string }) => [m.side, m.message]).at(-1)).toEqual(['staff', 'Handed to DHL today.']);
  await merchantContext.close();
});
