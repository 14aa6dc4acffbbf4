import { expect, test } from '@playwright/test';
import { signedIn } from './helpers.js';
import { sessionApi } from './session-api.js';
import { createOrder, merchantIdOf, moveOrder, stockedItem } from './set-up.js';

/**
 * End-of-day manifests (issue 19 item 4, docs/manifests.md): an order of its own (the demo's TRK1001 is
 * loaded by the loading-scan suite on the same server) with two parcels labelled outside Kontor is taken to
 * ready to ship, loaded onto a pallet and handed over through the API; on `/wEP/manifests` staff close the day
 * of DHL (documents only), see manifest 1 and download its CSV and PDF.
 */
test('close a day and download the manifest', async ({ browser }) => {
  test.setTimeout(90_000);
  const stamp = Date.now().toString(36).toUpperCase();
  const [first, second] = [`MF${stamp}1`, `MF${stamp}2`];
  const admin = await browser.newPage();
  await signedIn(admin, 'admin@demo.local');
  const setUp = await sessionApi(admin);
  // An item of its own: the handover issues the order's stock, which the inventory suite counts for the demo's items.
  const merchantId = await merchantIdOf(setUp, 'C001');
  const sku = `MF${stamp}`;
  await stockedItem(setUp, { sku, name: `Manifest ${sku}`, merchantId, weight: 1, quantity: 1 });
  const { id, unid } = await createOrder(setUp, {
    merchantId,
    weight: 1,
    refOrderId: `MANIFEST-${stamp}`,
    consignee: { name1: 'Jonas Becker', streetName: 'Hauptstraße', streetNumber: '5', zip: '10115', city: 'Berlin', country: 'DE' },
    lines: [{ sku, quantity: 1 }],
    parcels: [{ trackingNo: first }, { trackingNo: second }],
  });
  await moveOrder(setUp, id, ['inPicklist', 'readyToPack', 'packed', 'packingCompleted', 'readyToShip']);
  await admin.close();

  const page = await browser.newPage();
  await signedIn(page, 'warehouse@demo.local');
  const call = await sessionApi(page);
  const config = await call('POST', '/v0/wms/pallets', { pickupCarrier: 'DHL', unitStr: 'Pallet' });
  expect(config.code).toBe('OK');
  const code = config.data.palletCode as string;
  const flushed = await call('POST', `/v0/wms/pallets/${code}/tracking/flush`, { reason: 'scan', items: [{ trackingNo: first }, { trackingNo: second }] });
  expect(flushed.code, JSON.stringify(flushed)).toBe('OK');
  expect((await call('POST', `/v0/wms/pallets/${code}/close`, {})).code).toBe('OK');

  await page.goto('/wEP/manifests');
  const group = page.getByTestId('manifest-group-carrier:dhl');
  await expect(group).toBeVisible();
  await expect(group.getByTestId('manifest-parcels')).toContainText(first);
  await expect(group.getByTestId('manifest-parcels')).toContainText(unid);
  await expect(group.getByTestId('manifest-open-count')).toContainText('2');
  await group.getByTestId('manifest-close').click();
  await page.getByTestId('manifest-close-ok').click();
  await expect(group.getByTestId('manifest-1')).toBeVisible();
  await expect(group.getByTestId('manifest-1').getByTestId('manifest-state')).toContainText('Documents only');
  await expect(group.getByTestId('manifest-open-count')).toContainText('0');
  await expect(group.getByTestId('manifest-close')).toBeDisabled();

  const [csv] = await Promise.all([page.waitForEvent('download'), group.getByTestId('manifest-csv').click()]);
  expect(csv.suggestedFilename()).toMatch(/^M-\d{8}-\d+-1\.csv$/);
  const text = await (await csv.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks as Buffer[]).toString('utf8'));
  expect(text).toContain(first);
  expect(text).toContain(second);

  const [viewer] = await Promise.all([page.context().waitForEvent('page'), group.getByTestId('manifest-pdf').click()]);
  await viewer.waitForLoadState();
  expect(viewer.url()).toContain('/pdfViewer');
  expect(decodeURIComponent(viewer.url())).toMatch(/\/v0\/wms\/manifests\/\d+\/manifest\.pdf/);

  // The day's handover per merchant, as billed (issue 19 item 8), and the same rows as CSV.
  const activity = page.getByTestId('handover-activity');
  await expect(activity.getByTestId('handover-activity-table')).toContainText('Anker Innovations DE');
  const [activityCsv] = await Promise.all([page.waitForEvent('download'), activity.getByTestId('handover-activity-csv').click()]);
  expect(activityCsv.suggestedFilename()).toMatch(/^handover-activity-\d{4}-\d{2}-\d{2}\.csv$/);
  const rows = await (await activityCsv.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks as Buffer[]).toString('utf8'));
  expect(rows).toMatch(/^\ufeffDay,Merchant,Pallets handed over,Parcels handed over\r\n/);
  expect(rows).toMatch(/,Anker Innovations DE,\d+,\d+\r\n/);
});
