import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { signedIn } from './helpers.js';

/**
 * Labels and printing in the browser (issue 17 "Done when"): staff buy the label of a ready order on the
 * order screen and print it; the print station (a second browser signed in as station@demo.local) gets
 * the job and prints it through the print agent, which writes it into a folder here; reprinting from the
 * order sends it again. And the barcode tool makes a PDF the viewer opens.
 */

async function api(page: Page) {
  const token = (await page.context().cookies()).find((c) => c.name === 'Admin-Token')?.value ?? '';
  return async (method: string, url: string, data?: unknown) => {
    const res = await page.request.fetch(url, { method, data: data as never, headers: { 'X-Token': token } });
    return (await res.json()) as { code: string; data: any };
  };
}

/** The print agent in folder mode; its one printer is named after the folder, as the demo's thermal printer. */
async function startAgent(origin: string): Promise<{ agent: ChildProcess; url: string; folder: string }> {
  const folder = join(mkdtempSync(join(tmpdir(), 'kontor-e2e-agent-')), 'Zebra_GK420d');
  const port = 19_100 + Math.floor(Math.random() * 800);
  const agent = spawn(process.execPath, ['--import', 'tsx', 'packages/print-agent/src/main.ts'], {
    env: { ...process.env, PRINT_AGENT_PORT: String(port), PRINT_AGENT_FOLDER: folder, PRINT_AGENT_ORIGINS: origin },
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${port}`;
  await expect(async () => expect((await fetch(url)).ok).toBe(true)).toPass({ timeout: 30_000 });
  return { agent, url, folder };
}

const printedFiles = (folder: string) => {
  try {
    return readdirSync(folder).filter((f) => !f.startsWith('.'));
  } catch {
    return [];
  }
};

test.describe('labels and printing', () => {
  test.describe.configure({ timeout: 150_000 });

  test('a label bought on the order screen prints at the print station through the agent, and reprints', async ({ browser, baseURL }) => {
    const origin = new URL(baseURL!).origin;
    const { agent, url, folder } = await startAgent(origin);
    try {
      // The merchant's order, through the API: stock reserved, ready to pick.
      const merchant = await browser.newPage();
      await signedIn(merchant, 'merchant-a@demo.local');
      const reference = `LBL-${Date.now().toString(36).toUpperCase()}`;
      const created = await (
        await api(merchant)
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
