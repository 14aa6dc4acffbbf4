import { expect, test } from '@playwright/test';
import { signedIn } from './helpers.js';
import { sessionApi as api } from './session-api.js';
import { createOrder, merchantIdOf, moveOrder } from './set-up.js';
import { wedge } from './wedge.js';

/**
 * The loading scan on a 375 px phone (issue 19 "Done when"): a loading config made through the API is
 * loaded by its truck plate (spaces ignored; its important note in a modal), tracking numbers are
 * scanned with a keyboard wedge (several in one scan), the network is cut: the numbers wait in the
 * pending queue, kept in localStorage, and survive a reload of the page; when the network is back
 * they are flushed one by one and shown as persisted with their match status.
 */

test.describe('loading scan', () => {
  test.describe.configure({ timeout: 180_000 });
  test.use({ viewport: { width: 375, height: 812 } });

  test('queued numbers survive a cut network and a reload, and flush when it is back', async ({ page, context, browser }) => {
    // Numbers of this run only: a number already on another pallet (the demo's TRK1001 after one run,
    // or another run's) answers a conflict. The order to match is this test's own, ready to ship.
    const stamp = Date.now().toString(36).toUpperCase();
    const [parcel, nope, off1, off2] = ['TRK', 'NOPE', 'OFF1', 'OFF2'].map((n) => `E2E-${n}-${stamp}`) as [string, string, string, string];
    const admin = await browser.newPage();
    await signedIn(admin, 'admin@demo.local');
    const setUp = await api(admin);
    const order = await createOrder(setUp, {
      merchantId: await merchantIdOf(setUp, 'C001'),
      parcels: [{ trackingNo: parcel }],
      lines: [{ sku: 'SKU-B', quantity: 1 }],
    });
    await moveOrder(setUp, order.id, ['inPicklist', 'readyToPack', 'packed', 'packingCompleted', 'readyToShip']);
    await admin.close();

    await signedIn(page, 'warehouse@demo.local');
    const call = await api(page);
    const plate = `E2E ${Date.now() % 100000}`;
    const config = await call('POST', '/v0/wms/pallets', {
      pickupCarrier: 'DHL Freight',
      unitStr: 'Pallet',
      plateNumber2: plate,
      importantNote: 'Max. 30 Pakete',
    });
    expect(config.code).toBe('OK');
    const code = config.data.palletCode as string;

    await page.goto('/wEP/loadingScan');
    const input = page.getByTestId('loading-input');
    await expect(input).toBeVisible();
    await wedge(input, plate.replace(/\s/g, '').toLowerCase());
    await page.getByTestId('loading-note-ok').click();
    await expect(page.getByTestId('loading-title')).toContainText(code);

    // One scan with two numbers, online: both are persisted; the parcel's number matches its order.
    await wedge(input, `${parcel};${nope}`);
    await expect(page.getByTestId('loading-persisted-row')).toHaveCount(2);
    await expect(page.getByTestId('loading-persisted')).toContainText(order.unid);
    await expect(page.getByTestId('loading-persisted')).toContainText('Matched');
    await expect(page.getByTestId('loading-persisted')).toContainText('Not matched');
    await wedge(input, parcel);
    await expect(page.getByTestId('loading-feedback')).toContainText('Already persisted on pallet');

    // The network goes: the next numbers wait in the queue, saved in localStorage.
    await context.setOffline(true);
    // A spreadsheet row (tab between the numbers): two numbers, never the one number off1off2.
    await wedge(input, `${off1}\t${off2}`);
    await expect(page.getByTestId('loading-pending-row')).toHaveCount(2);
    await expect(page.getByTestId('loading-pending')).toContainText('Unconfirmed');
    // The count in the pending card's title is not cut off by its retry button on the phone.
    const pendingTitle = page.getByTestId('loading-pending').locator('.ant-card-head-title');
    expect(await pendingTitle.evaluate((e) => e.scrollWidth <= e.clientWidth)).toBe(true);
    await expect(page.getByTestId('loading-network')).toContainText('Offline');
    await wedge(input, off1);
    await expect(page.getByTestId('loading-feedback')).toContainText('Already in pending scans');
    const saved = await page.evaluate((key) => localStorage.getItem(key), `kontor.loading.queue.${code}`);
    expect(JSON.parse(saved ?? '[]').map((p: { trackingNo: string }) => p.trackingNo)).toEqual([off1, off2]);

    // The handheld restarts while the server is still out of reach: the pallet and its queue come back.
    const flushes = '**/v0/wms/pallets/*/tracking/flush';
    await page.route(flushes, (route) => route.abort('internetdisconnected'));
    await context.setOffline(false);
    await page.reload();
    await expect(page.getByTestId('loading-title')).toContainText(code);
    await expect(page.getByTestId('loading-pending-row')).toHaveCount(2);
    // The server is back: the queue is sent again on its own, one number at a time.
    await page.unroute(flushes);
    await expect(page.getByTestId('loading-persisted-row')).toHaveCount(4, { timeout: 30_000 });
    await expect(page.getByTestId('loading-pending-row')).toHaveCount(0);
    const rows = await call('GET', `/v0/wms/pallets/${code}/tracking`);
    expect(rows.data.map((r: { trackingNo: string }) => r.trackingNo).sort()).toEqual([nope, off1, off2, parcel].sort());
    expect(await page.evaluate((key) => localStorage.getItem(key), `kontor.loading.queue.${code}`)).toBeNull();

    // The page fits the phone, and "Clear loading" ends the session.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.getByTestId('loading-clear').click();
    await expect(page.getByTestId('loading-title')).toContainText('Scan Plate Number or Pallet Code');
  });
});
