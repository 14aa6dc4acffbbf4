import { expect, test } from '@playwright/test';
import { choose, signedIn } from './helpers.js';
import { sessionApi as api } from './session-api.js';

/**
 * Carrier settings and the label queue (issue 17 items 1, 4, 10): an administrator adds a sandbox carrier
 * account and a rule for DPD orders in `/settings/carriers` and sees an order resolve to it; orders whose
 * address the carrier refused wait in the label queue with the reason, one is corrected and retried from
 * the queue, the other retried in bulk (refused again, its reason listed); the corrected one shows its
 * label on the DPD list.
 */

test('a carrier account and rule are set up in settings, and the label queue corrects and retries', async ({ page }) => {
  test.setTimeout(180_000);
  const tag = `CS${Date.now().toString(36).toUpperCase()}`;
  const account = `Sandbox DPD ${tag}`;
  await signedIn(page, 'admin@demo.local');
  const call = await api(page);

  // Orders of merchant A for DPD, through the API: one to resolve, two whose postal code the carrier refuses.
  const merchants = await call('GET', '/v0/merchants/opts');
  const merchantId = merchants.data.find((m: { code: string }) => m.code === 'C001').id;
  const order = async (n: number, zip: string) => {
    const created = await call('POST', '/v0/outbound/orders', {
      merchantId,
      typeOfTask: 'B2C',
      modeOfTransport: 'parcel',
      pickupDate: '2026-12-01',
      unitQty: 1,
      weight: 1.5,
      carrier: 'DPD',
      refOrderId: `${tag}-${n}`,
      consignee: { name1: 'Erika Muster', streetName: 'Ring', streetNumber: '3', zip, city: 'München', country: 'DE' },
      lines: [{ sku: 'ANK-HUB-7', quantity: 1 }],
    });
    expect(created.code).toBe('OK');
    return created.data as { id: number; unid: string };
  };
  const [first, second] = [await order(1, '00000'), await order(2, '00000')];

  // The account: the sandbox carrier, a credential typed once and then shown only as set.
  await page.goto('/settings/carriers');
  await page.getByTestId('carrier-account-new').click();
  await page.getByTestId('carrier-account-name').fill(account);
  await choose(page, page.getByTestId('carrier-account-carrier'), 'Sandbox');
  await page.getByTestId('carrier-credential-apiKey').fill('sandbox-key-1');
  await page.getByTestId('carrier-account-with-shipper').check();
  const shipper = { name1: 'Kontor Lager Nord', street: 'Kaistraße', streetNumber: '7', zip: '20457', city: 'Hamburg', country: 'DE' };
  for (const [field, value] of Object.entries(shipper)) await page.getByTestId(`carrier-shipper-${field}`).fill(value);
  await page.getByTestId('carrier-account-save').click();
  const accountRow = page.getByTestId('carrier-accounts-table').locator('tr', { hasText: account });
  await expect(accountRow).toContainText('Sandbox Parcel');
  await accountRow.locator('[data-testid^="carrier-account-edit-"]').click();
  await expect(page.getByTestId('carrier-credential-set-apiKey')).toBeVisible();
  await expect(page.getByTestId('carrier-credential-apiKey')).toHaveValue('');
  await page.getByRole('button', { name: 'Cancel' }).click();

  // The rule: DPD orders go to the new account with its parcel product, before the demo's catch-all.
  await page.getByTestId('carrier-tab-rules').click();
  await page.getByTestId('carrier-rule-new').click();
  await page.getByTestId('carrier-rule-order-carrier').locator('input').fill('DPD');
  await choose(page, page.getByTestId('carrier-rule-account'), account);
  await choose(page, page.getByTestId('carrier-rule-product'), 'SBX_PARCEL');
  await page.getByTestId('carrier-rule-save').click();
  await expect(page.getByTestId('carrier-rules-table')).toContainText(account);

  // The check: an order for DPD resolves to the new account.
  await page.getByTestId('carrier-tab-check').click();
  await page.getByTestId('carrier-resolution-order').locator('input').fill(first.unid);
  await page.getByTestId('carrier-resolution-order').locator('input').press('Enter');
  await expect(page.getByTestId('carrier-resolution-account')).toHaveText(account);
  await expect(page.getByTestId('carrier-resolution-product')).toHaveText('SBX_PARCEL');

  // Both orders' labels are refused (the postal code): they wait in the label queue with the reason.
  for (const o of [first, second]) await call('POST', `/v0/carriers/orders/${o.id}/labels`, {});
  await page.goto('/eEP/transportlabel-awaits-orders');
  await page.getByTestId('outbound-search').locator('input').fill(tag);
  await page.getByTestId('outbound-search').locator('input').press('Enter');
  const rows = page.getByTestId('outbound-table').locator('tbody tr.ant-table-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.first().getByTestId('label-queue-reason')).toContainText('Postal code 00000');

  // The first is corrected from the queue and retried at once: bought, it leaves the queue.
  await page.getByTestId(`label-queue-correct-${first.id}`).click();
  await expect(page.getByTestId('label-queue-correct-reason')).toContainText('Postal code 00000');
  await page.getByTestId('outbound-consignee-zip').fill('80331');
  await page.getByTestId('label-queue-correct-save').click();
  await expect(rows).toHaveCount(1);

  // The second is retried in bulk: refused again, with its reason in the results.
  await rows.first().locator('.ant-checkbox-input').check();
  await page.getByTestId('label-queue-retry').click();
  await expect(page.getByTestId('label-queue-outcome-failed')).toContainText(second.unid);
  await expect(page.getByTestId('label-queue-outcome-failed')).toContainText('Postal code 00000');
  await expect(page.getByTestId('label-queue-retry-summary')).toContainText('0 bought, 1 failed, of 1');
  await page.getByTestId('label-queue-retry-close').click();

  // The corrected order's label on the DPD list: bought, with its tracking number and cost.
  await page.goto('/mOrders/ordersDPD');
  await page.getByTestId('outbound-search').locator('input').fill(`${tag}-1`);
  await page.getByTestId('outbound-search').locator('input').press('Enter');
  const row = page.getByTestId('outbound-table').locator('tbody tr.ant-table-row', { hasText: first.unid });
  await expect(row.getByTestId('carrier-label-state')).toHaveText('Bought');
  await expect(row.getByTestId('carrier-tracking-number')).toContainText('SBX');
  await expect(row).toContainText('EUR');
});
