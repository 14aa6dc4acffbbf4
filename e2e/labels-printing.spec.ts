import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { signedIn } from './helpers.js';
import { printedFiles, startPrintAgent } from './print-agent.js';
import { sessionApi } from './session-api.js';

/**
 * Labels and printing in the browser (issue 17 "Done when"): staff buy the label of a ready order on the
 * order screen and print it; the print station (a second browser signed in as station@demo.local) gets
 * the job and prints it through the print agent, which writes it into a folder here; reprinting from the
 * order sends it again. And the barcode tool makes a PDF the viewer opens.
 */

test.describe('labels and printing', () => {
  test.describe.configure({ timeout: 150_000 });

  test('a label bought on the order screen prints at the print station through the agent, and reprints', async ({ browser, baseURL }) => {
    const origin = new URL(baseURL!).origin;
    const { agent, url, folder } = await startPrintAgent(origin);
    try {
      // The merchant's order, through the API: stock reserved, ready to pick.
      const merchant = await browser.newPage();
      await signedIn(merchant, 'merchant-a@demo.local');
      const reference = `LBL-${Date.now().toString(36).toUpperCase()}`;
      const created = await (
        await sessionApi(merchant)
      )('POST', '/v0/outbound/orders', {
        typeOfTask: 'B2C',
        modeOfTransport: 'parcel',
        pickupDate: '2026-12-01',
        unitQty: 1,
        weight: 1.2,
        refOrderId: reference,
        consignee: { name1: 'Erika Muster', streetName: 'Ring', streetNumber: '3', zip: '80331', city: 'München', country: 'DE' },
        lines: [{ sku: 'ANK-HUB-7', quantity: 1 }],
      });
      expect(created.code).toBe('OK');
      await merchant.close();

      // The print station's page, with this PC's agent.
      const station = await browser.newPage();
      await signedIn(station, 'station@demo.local');
      await station.goto('/wEP/printStation');
      await expect(station.getByTestId('print-station-socket')).toHaveText(/Receiving prints/);
      await station.getByTestId('print-station-agent-url').fill(url);
      await station.getByTestId('print-station-agent-url').press('Enter');
      await expect(station.getByTestId('print-station-agent-status')).toHaveText(/Running/);

      // Staff buy the label on the order screen and print it.
      const staff = await browser.newPage();
      await signedIn(staff, 'staff@demo.local');
      await staff.goto(`/eEP/outbound-orders?id=${created.data.id}`);
      const detail = staff.getByTestId('outbound-detail');
      await detail.getByRole('tab', { name: /Labels/ }).click();
      await staff.getByTestId('labels-buy').click();
      const labels = staff.getByTestId('order-labels');
      await expect(labels.locator('tbody tr.ant-table-row')).toHaveCount(1);
      await expect(labels).toContainText('Bought');
      const tracking = (await labels.locator('.doc-no').first().innerText()).trim();
      expect(tracking).toMatch(/^SBX/);
      await expect(detail.getByTestId('outboundOrder-status').first()).toContainText('Packing completed');

      await staff.getByTestId('labels-print').click();
      await expect(station.getByTestId('print-station-live')).toContainText(created.data.unid);
      await expect(station.getByTestId('print-station-live')).toContainText('Printed');
      await expect.poll(() => printedFiles(folder).length, { timeout: 30_000 }).toBe(1);
      const [first] = printedFiles(folder);
      expect(readFileSync(join(folder, first!)).subarray(0, 5).toString()).toBe('%PDF-');

      // A second purchase buys nothing; reprinting sends the same label again.
      await staff.getByTestId('labels-buy').click();
      await expect(labels.locator('tbody tr.ant-table-row')).toHaveCount(1);
      await labels.locator('[data-testid^="label-print-"]').first().click();
      await expect.poll(() => printedFiles(folder).length, { timeout: 30_000 }).toBe(2);
      await expect(station.getByTestId('print-station-history')).toContainText(created.data.unid);

      // The order's packing slip opens in the PDF view.
      await staff.getByTestId('labels-packing-slip').click();
      await expect(staff).toHaveURL(/\/pdfViewer/);
      await expect(staff.getByTestId('pdf-frame')).toBeVisible();
      await expect(staff.getByTestId('pdf-problem')).toHaveCount(0);
    } finally {
      agent.kill('SIGTERM');
    }
  });

  test('the barcode tool makes one PDF of the values and the viewer opens it', async ({ page }) => {
    await signedIn(page, 'admin@demo.local');
    await page.goto('/tools/labelMultiplePrint');
    await page.getByTestId('bc-values').fill('A-01-01\nA-01-02\nA-01-03');
    await expect(page.getByTestId('bc-count')).toContainText('3');
    await page.getByTestId('bc-generate').click();
    await expect(page).toHaveURL(/\/pdfViewer/);
    await expect(page.getByTestId('pdf-frame')).toBeVisible();
    await expect(page.getByTestId('pdf-print')).toBeEnabled();
    await expect(page.getByTestId('pdf-problem')).toHaveCount(0);
  });
});
