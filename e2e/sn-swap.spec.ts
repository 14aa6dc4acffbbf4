import { expect, test, type Locator } from '@playwright/test';
import { signedIn } from './helpers.js';
import { printedFiles, startPrintAgent } from './print-agent.js';
import { sessionApi } from './session-api.js';
import { createOrder, moveOrder } from './set-up.js';
import { wedge } from './wedge.js';

/**
 * SKU QC, serial capture and the SN swap in the browser (issue 18 "Done when"): an order like
 * MO20260002 (made through the API) is checked SKU by SKU at 1440 px, its serial captured, and the
 * SN swap at 375 px prints the new serial's label on the print station (a second browser signed in
 * as station@demo.local), through the print agent writing into a folder here; the print history
 * prints it again.
 */

/** A code typed by hand and ended with Enter. */
async function typed(input: Locator, code: string) {
  await input.fill(code);
  await input.press('Enter');
}

test.describe('SKU QC and SN swap', () => {
  test.describe.configure({ timeout: 180_000 });

  test('an order is checked SKU by SKU, gets its serial, and an SN swap prints at the station', async ({ browser, baseURL }) => {
    const origin = new URL(baseURL!).origin;
    const { agent, url, folder } = await startPrintAgent(origin);
    try {
      // Merchant B's order with the items of MO20260002, through the API; staff ask for its QC and take it to partial QC.
      const merchant = await browser.newPage();
      await signedIn(merchant, 'merchant-b@demo.local');
      const { id, unid } = await createOrder(await sessionApi(merchant), {
        unitQty: 2,
        weight: 10,
        carrier: undefined, // as MO20260002: the merchant names no carrier (left out of the JSON)
        refOrderId: `QC-${Date.now().toString(36).toUpperCase()}`,
        consignee: { name1: 'Jan de Vries', streetName: 'Keizersgracht', streetNumber: '452', zip: '1016 GD', city: 'Amsterdam', country: 'NL' },
        lines: [
          { sku: 'SKU-C', quantity: 1 },
          { sku: 'EF-CABLE-XT60', quantity: 1 },
        ],
      });
      await merchant.close();
      const admin = await browser.newPage();
      await signedIn(admin, 'admin@demo.local');
      const call = await sessionApi(admin);
      const { version } = (await call('GET', `/v0/outbound/orders/${id}/detail`)).data.order as { version: number };
      expect((await call('PUT', `/v0/outbound/orders/${id}`, { version, privateRemark: 'Check the SN sticker!' })).code).toBe('OK');
      expect((await call('PUT', `/v0/outbound/orders/${id}/sku-qc`, { skus: ['SKU-C', 'EF-CABLE-XT60'] })).code).toBe('OK');
      await moveOrder(call, id, ['inPicklist', 'readyToPack', 'packed', 'packingCompleted', 'partialQc']);
      await admin.close();

      // The print station's page, with this PC's agent.
      const station = await browser.newPage();
      await signedIn(station, 'station@demo.local');
      await station.goto('/wEP/printStation');
      await expect(station.getByTestId('print-station-socket')).toHaveText(/Receiving prints/);
      await station.getByTestId('print-station-agent-url').fill(url);
      await station.getByTestId('print-station-agent-url').press('Enter');
      await expect(station.getByTestId('print-station-agent-status')).toHaveText(/Running/);

      // SKU QC at the shipping table, on a desktop.
      const floor = await browser.newPage({ viewport: { width: 1440, height: 900 } });
      await signedIn(floor, 'warehouse@demo.local');
      await floor.goto('/wEP/skuScan');
      const input = floor.getByTestId('sku-scan-input');
      const banner = floor.getByTestId('sku-scan-feedback');
      await wedge(input, unid);
      await expect(floor.getByTestId('sku-scan-title')).toHaveText(`Operation Task ${unid}`);
      await expect(banner).toContainText('Next SKU: SKU-C');
      await expect(floor.getByTestId('sku-scan-order')).toContainText('Check the SN sticker!');
      await wedge(input, 'EF-CABLE-XT60');
      await expect(banner).toHaveAttribute('data-tone', 'error');
      await expect(banner).toContainText('SKU EF-CABLE-XT60 does not match SKU-C');
      await wedge(input, '6970000000011');
      await expect(banner).toContainText('Got 6970000000011 ! Next SKU: EF-CABLE-XT60');
      await expect(floor.getByTestId('sku-scan-qc')).toContainText('SKU QC: 1 / 2');
      await wedge(input, 'EF-CABLE-XT60');
      await expect(banner).toContainText('Item serial number scan is required…');
      await expect(floor.getByTestId('sku-scan-sn-prompt')).toContainText('Scan the serial number of SKU-C');
      await wedge(input, 'bad-sn');
      await expect(banner).toContainText('SN pattern mismatch: bad-sn');
      const serial = `E2E${Date.now().toString(36).toUpperCase()}`.slice(0, 16);
      await wedge(input, serial);
      await expect(banner).toHaveAttribute('data-tone', 'success');
      await expect(banner).toContainText('All checks done: Ready to ship');
      await expect(floor.getByTestId('sku-scan-serial-list')).toContainText(serial);

      // The SN swap on a phone: every code twice, identically.
      await floor.setViewportSize({ width: 375, height: 812 });
      await floor.goto('/wEP/snScan');
      const sn = floor.getByTestId('sn-scan-input');
      const snBanner = floor.getByTestId('sn-scan-feedback');
      await wedge(sn, unid);
      await expect(snBanner).toContainText('Scanning Progress: 1 / 2');
      await wedge(sn, unid);
      await expect(floor.getByTestId('sn-scan-title')).toHaveText('Scan the original SN1');
      await wedge(sn, 'ORIG-A-1');
      await wedge(sn, 'ORIG-B-1');
      await expect(snBanner).toContainText('Scanning is not consistent, please rescan');
      await wedge(sn, 'ORIG-A-1');
      await wedge(sn, 'ORIG-A-1');
      await expect(snBanner).toContainText('Got ORIG-A-1 !');
      await expect(floor.getByTestId('sn-scan-title')).toHaveText('Scan the original SN2');
      // Typed by hand: no second scan needed.
      await typed(sn, 'ORIG-B-1');
      await expect(snBanner).toContainText('Please check out the printer.');
      const made = /New SN: (KS\d+)/.exec((await snBanner.innerText()) ?? '')?.[1];
      expect(made).toBeTruthy();
      await expect(floor.getByTestId('sn-scan-title')).toHaveText('Scan the original SN1');

      // The label reaches the station and its printer.
      await expect(station.getByTestId('print-station-live')).toContainText(made!);
      await expect.poll(() => printedFiles(folder).length, { timeout: 30_000 }).toBe(1);

      // The print history prints it again.
      const history = floor.getByTestId('sn-scan-history-list');
      await expect(history).toContainText(serial);
      await floor.getByTestId(`sn-scan-history-list-${made}`).click();
      await expect(snBanner).toContainText(`Printing! ${made}`);
      await expect.poll(() => printedFiles(folder).length, { timeout: 30_000 }).toBe(2);
      expect(await floor.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    } finally {
      agent.kill('SIGTERM');
    }
  });
});
