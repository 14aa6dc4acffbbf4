import { expect, test, type Page } from '@playwright/test';
import { expectNoOverflow, signedIn } from './helpers.js';
import { sessionApi as api } from './session-api.js';
import { createOrder, merchantIdOf, ownZone, stockedItem } from './set-up.js';

/**
 * The picking scan in the browser (issue 18 item 3, docs/picking.md "Picking scan"): a single-item wave
 * (a type-100 picklist of one order, made through the API) is scanned at /wEP/pickingScan as a
 * keyboard-wedge scanner types it, then its item; the dialog takes the quantity and a packing material,
 * the carrier gate packs the order and buys its label from the sandbox carrier, the progress is saved
 * and the order ends packing completed with its label. Once on a desk (1440 px), once on a phone (375 px).
 */

async function scan(page: Page, code: string) {
  await page.getByTestId('picking-scan-input').click();
  await page.keyboard.type(code);
  await page.keyboard.press('Enter');
}

test('a single-item wave goes through the picking scan to packing completed with its label, at 1440 and 375 px', async ({ page }) => {
  test.setTimeout(180_000);
  await signedIn(page, 'admin@demo.local');
  const call = await api(page);
  const merchantId = await merchantIdOf(call, 'C001');
  const sku = `E2E-PSCAN-${Date.now().toString(36).toUpperCase()}`;
  // The item lies in a zone of its own and each wave is made for that zone: it takes this test's order
  // and no other test's (docs/testing.md "Browser tests' own data").
  const { zone, compartment } = await ownZone(call);
  await stockedItem(call, { sku, name: 'Picking scan item', merchantId, weight: 0.4, quantity: 4, compartment });

  for (const width of [1440, 375]) {
    await page.setViewportSize({ width, height: width > 400 ? 900 : 800 });
    const order = await createOrder(call, { merchantId, lines: [{ sku, quantity: 1 }] });
    // The single-item order of the zone: the one just made (the first is picked by now).
    const wave = await call(
      'POST',
      '/v0/picking/picklists',
      { rules: { zone, merchantId, split: 'singleOnly', priorityFirst: false, oldestFirst: false, maxOrders: 1, maxLists: 1 } },
      `wave-${sku}-${width}`,
    );
    expect(wave.code, JSON.stringify(wave)).toBe('OK');
    expect(wave.data.created, JSON.stringify({ wave, order })).toHaveLength(1);
    const picklist = wave.data.created[0] as { id: number; unid: string };
    expect((await call('GET', `/v0/p11y/pick/?q=${picklist.id}`)).data.orderIds).toEqual([order.id]);

    await page.goto('/wEP/pickingScan');
    await expect(page.getByTestId('picking-scan')).toBeVisible();
    await scan(page, picklist.unid);
    await expect(page.getByTestId('picking-scan-picklist')).toContainText(picklist.unid);
    await expect(page.getByTestId('picking-scan-unprinted')).toContainText(order.unid);

    await scan(page, sku);
    await expect(page.getByTestId('picking-scan-qty')).toBeVisible();
    const materials = page.getByTestId('picking-scan-materials');
    if (!(await materials.textContent())?.includes('BOX-S')) {
      await materials.click();
      await page.keyboard.type('BOX-S');
      await page.keyboard.press('Enter');
      await page.keyboard.press('Escape');
    }
    await page.getByTestId('picking-scan-confirm').click();

    const feedback = page.getByTestId('picking-scan-feedback');
    await expect(feedback).toHaveAttribute('data-tone', 'success', { timeout: 30_000 });
    await expect(feedback).toContainText(sku);
    await expect(page.getByTestId('picking-scan-history')).toContainText(`${sku} () @ ${compartment}:1`);
    await expect(page.getByTestId('picking-scan-picked')).toContainText('1 / 1');

    const detail = await call('GET', `/v0/outbound/orders/${order.id}/detail`);
    expect(detail.data.order.status).toBe(20);
    expect(detail.data.order.shipBundle).not.toBe('');
    const saved = (await call('GET', `/v0/p11y/pick/?q=${picklist.id}`)).data;
    expect(saved).toMatchObject({ itemQtyPicked: 1, status: 20 });
    await expectNoOverflow(page);
  }
  expect((await call('GET', '/v0/inventory/check')).data).toEqual([]);
});
