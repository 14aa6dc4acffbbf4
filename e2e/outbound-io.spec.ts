import { expect, test } from '@playwright/test';
import { signedIn } from './helpers.js';

/** Order import and export (issue 7 §6): a merchant imports a file with a bad row, sees the report, and exports. */

const HEAD = 'refOrderId,typeOfTask,modeOfTransport,pickupDate,weight,name1,streetName,streetNumber,zip,city,country,sku,quantity';

test('a merchant imports orders, sees the bad row in the report, and exports the orders', async ({ page }) => {
  const ref = `E2E-${Date.now()}`;
  const csv = [
    HEAD,
    `${ref}-1,B2C,parcel,2026-12-01,0.5,Erika Muster,Hauptstraße,5,10115,Berlin,DE,ANK-HUB-7,1`,
    `${ref}-2,B2C,parcel,2026-12-01,0.5,Max Muster,Hauptstraße,6,10115,Berlin,DE,NO-SUCH-SKU,1`,
  ].join('\n');
  await signedIn(page, 'merchant-a@demo.local');
  // The import sits in the order list's toolbar.
  await page.goto('/mEP/outbound-orders');
  await page.getByTestId('order-import').click();
  await page.getByTestId('order-import-file').setInputFiles({ name: 'orders.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await page.getByTestId('order-import-start').click();
  const outcome = page.getByTestId('order-import-outcome');
  await expect(outcome).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('order-import-summary')).toContainText('1 of 2 orders created');
  const errors = page.getByTestId('order-import-errors');
  await expect(errors).toContainText(`${ref}-2`);
  await expect(errors).toContainText('Item not found: NO-SUCH-SKU');
  await expect(errors.locator('tbody tr').filter({ hasText: 'NO-SUCH-SKU' }).locator('td').first()).toHaveText('3');
  const [report] = await Promise.all([page.waitForEvent('download'), page.getByTestId('order-import-report').click()]);
  const text = await (await report.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks).toString('utf8'));
  expect(text).toContain(`3,${ref}-2,sku,Item not found: NO-SUCH-SKU`);
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('dialog')).toBeHidden();

  await page.goto(`/tools/outboundExport?view=orders&q=${ref}`);
  await expect(page.getByTestId('outbound-export')).toBeVisible();
  await expect(page.getByTestId('oexp-q').locator('input').or(page.getByTestId('oexp-q'))).toHaveValue(ref);
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId('oexp-download').click()]);
  expect(file.suggestedFilename()).toMatch(/^orders_orders_\d{4}-\d{2}-\d{2}\.xlsx$/);

  await page.getByTestId('oexp-background').click();
  await expect(page.getByTestId('oexp-job-download')).toBeVisible({ timeout: 30_000 });
  await page.goto('/tools/outboundExportTask');
  await expect(page.getByTestId('outbound-export-tasks')).toContainText('All orders');
  await expect(page.locator('[data-testid^="oexp-task-"]').first()).toBeVisible();
});
