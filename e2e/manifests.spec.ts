import { expect, test, type Page } from '@playwright/test';
import { signedIn } from './helpers.js';

/**
 * End-of-day manifests (issue 19 item 4, docs/manifests.md): the demo order MO20260001's parcels are
 * loaded onto a pallet and handed over through the API; on `/wEP/manifests` staff close the day of
 * DHL (labels made outside Kontor: documents only), see manifest 1 and download its CSV and PDF.
 */
async function api(page: Page) {
  const token = (await page.context().cookies()).find((c) => c.name === 'Admin-Token')?.value ?? '';
  return async (method: string, url: string, data?: unknown) => {
    const res = await page.request.fetch(url, { method, data: data as never, headers: { 'X-Token': token } });
    return (await res.json()) as { code: string; data: any };
  };
}

test('close a day and download the manifest', async ({ page }) => {
  test.setTimeout(90_000);
  await signedIn(page, 'warehouse@demo.local');
  const call = await api(page);
  const config = await call('POST', '/v0/wms/pallets', { pickupCarrier: 'DHL', unitStr: 'Pallet' });
  expect(config.code).toBe('OK');
  const code = config.data.palletCode as string;
  const flushed = await call('POST', `/v0/wms/pallets/${code}/tracking/flush`, {
    reason: 'scan',
    items: [{ trackingNo: 'TRK1001' }, { trackingNo: 'TRK1002' }],
  });
  expect(flushed.code, JSON.stringify(flushed)).toBe('OK');
  expect((await call('POST', `/v0/wms/pallets/${code}/close`, {})).code).toBe('OK');

  await page.goto('/wEP/manifests');
  const group = page.getByTestId('manifest-group-carrier:dhl');
  await expect(group).toBeVisible();
  await expect(group.getByTestId('manifest-parcels')).toContainText('TRK1001');
  await expect(group.getByTestId('manifest-parcels')).toContainText('MO20260001');
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
  expect(text).toContain('TRK1001');
  expect(text).toContain('TRK1002');

  const [viewer] = await Promise.all([page.context().waitForEvent('page'), group.getByTestId('manifest-pdf').click()]);
  await viewer.waitForLoadState();
  expect(viewer.url()).toContain('/pdfViewer');
  expect(decodeURIComponent(viewer.url())).toMatch(/\/v0\/wms\/manifests\/\d+\/manifest\.pdf/);
});
