import { expect, test } from '@playwright/test';
import { signedIn } from './helpers.js';
import { sessionApi as api, type Call } from './session-api.js';

/** The receiving export screen (issue 6 §8): a direct download and a background export of this month. */

/** An order of merchant A received today: one scan, completed as final. */
async function receiveOne(call: Call) {
  const merchantId = (await call('GET', '/v0/item/any?q=ANK-HUB-7')).data.merchantId as number;
  const warehouseId = (await call('GET', '/v0/warehouses/?l=10')).data.data.find((w: { code: string }) => w.code === 'DE01').id as number;
  const order = await call('POST', '/v0/r7gorders/', { merchantId, warehouseId, carrier: 'DHL', lines: [{ sku: 'ANK-HUB-7', planned: 3 }] });
  expect(order.code).toBe('OK');
  expect((await call('POST', `/v0/r7gorders/${order.data.id}/scan`, { code: 'ANK-HUB-7', quantity: 2 })).code).toBe('OK');
  expect((await call('POST', `/v0/r7gorders/${order.data.id}/complete`, { final: true })).code).toBe('OK');
  return order.data.unid as string;
}

test('downloads this month directly and exports it in the background', async ({ page }) => {
  await signedIn(page, 'admin@demo.local');
  await receiveOne(await api(page));
  await page.goto('/tools/receivingExport');
  const screen = page.getByTestId('receiving-export');
  await expect(screen).toBeVisible();
  await page.screenshot({ path: '.tmp/receiving-export-shots/receiving-export-1440.png', fullPage: true });

  const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId('rexp-download').click()]);
  expect(file.suggestedFilename()).toMatch(/^receivings_\d{4}-\d{2}-01_\d{4}-\d{2}-\d{2}\.xlsx$/);

  await page.getByTestId('rexp-background').click();
  const job = page.getByTestId('rexp-job');
  await expect(job.getByTestId('rexp-rows')).toBeVisible({ timeout: 20_000 });
  const [result] = await Promise.all([page.waitForEvent('download'), job.getByTestId('rexp-job-download').click()]);
  expect(result.suggestedFilename()).toMatch(/\.xlsx$/);
  await page.screenshot({ path: '.tmp/receiving-export-shots/receiving-export-job-1440.png', fullPage: true });

  await page.setViewportSize({ width: 375, height: 800 });
  await expect(screen).toBeVisible();
  await page.screenshot({ path: '.tmp/receiving-export-shots/receiving-export-375.png', fullPage: true });

  // In German, the screen and the file name follow the language.
  await page.evaluate(() => localStorage.setItem('kontor.language', 'de'));
  await page.reload();
  await expect(page.getByTestId('rexp-download')).toHaveText('XLSX herunterladen');
  const [german] = await Promise.all([page.waitForEvent('download'), page.getByTestId('rexp-download').click()]);
  expect(german.suggestedFilename()).toMatch(/^Wareneingänge_.*\.xlsx$/);
  await expect(page.getByTestId('rexp-download')).toBeEnabled();
  await expect(page.getByTestId('receiving-export')).toContainText('Bis 5.000 Zeilen');
  await page.screenshot({ path: '.tmp/receiving-export-shots/receiving-export-de-375.png', fullPage: true });
});
