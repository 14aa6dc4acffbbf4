import { expect, test, type Page } from '@playwright/test';
import { signedIn } from './helpers.js';
import { sessionApi as api, type Call } from './session-api.js';

/**
 * Receiving by scan, putaway and the logging scan in the browser (issue 6 §3, §4). Each test announces
 * its own inbound order of items it creates, through the API, so the tests do not depend on each
 * other or on the demo stock.
 */

const unique = (prefix: string) => `${prefix}-${Date.now().toString(36).toUpperCase()}${Math.floor(Math.random() * 1000)}`;

/** New items of merchant A and an inbound order announcing them, as a merchant would. */
async function announce(call: Call, lines: Array<{ planned: number; item?: Record<string, unknown> }>, trackingNumbers: string[] = []) {
  const merchantId = (await call('GET', '/v0/item/any?q=SKU-A')).data.merchantId as number;
  const warehouseId = (await call('GET', '/v0/warehouses/?l=10')).data.data.find((w: { code: string }) => w.code === 'DE01').id as number;
  const skus: string[] = [];
  for (const line of lines) {
    const sku = unique('RCV');
    const created = await call('POST', '/v0/items/', { sku, name: `Receiving ${sku}`, merchantId, ...line.item });
    expect(created.code).toBe('OK');
    skus.push(sku);
  }
  const order = await call('POST', '/v0/r7gorders/', {
    merchantId,
    warehouseId,
    boxQty: 2,
    carrier: 'DHL',
    trackingNumbers,
    lines: lines.map((line, i) => ({ sku: skus[i], planned: line.planned })),
  });
  expect(order.code).toBe('OK');
  return { id: order.data.id as number, unid: order.data.unid as string, skus };
}

async function scan(page: Page, testId: string, code: string) {
  const box = page.getByTestId(testId);
  await expect(box).toBeFocused();
  await box.fill(code);
  await box.press('Enter');
}

/**
 * Codes as a keyboard-wedge scanner sends them: each code and its Enter within a few milliseconds,
 * one after another in the same moment, far faster than the test's own key presses.
 */
async function wedge(page: Page, testId: string, codes: string[]) {
  const box = page.getByTestId(testId);
  await expect(box).toBeFocused();
  await box.evaluate((input: HTMLInputElement, list: string[]) => {
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
    for (const code of list) {
      setValue.call(input, code);
      input.dispatchEvent(new Event('input', { bubbles: true }));
      for (const type of ['keydown', 'keyup']) input.dispatchEvent(new KeyboardEvent(type, { key: 'Enter', code: 'Enter', keyCode: 13, bubbles: true }));
    }
  }, codes);
}

/** A repeat of the same code within 300 ms is taken as the scanner's bounce: tests wait it out. */
const pause = (page: Page) => page.waitForTimeout(350);

const feedback = (page: Page) => page.getByTestId('receiving-feedback');

test.describe('receiving', () => {
  test('counts an order by scanning with one line short and one damaged unit, completes it and puts it away', async ({ page }) => {
    await signedIn(page, 'warehouse@demo.local');
    const call = await api(page);
    const { unid, skus } = await announce(call, [{ planned: 3 }, { planned: 2 }]);
    const [shortSku, damagedSku] = skus as [string, string];

    await page.goto('/wEP/receivingScan');
    await scan(page, 'receiving-order-scan', 'MI0000000');
    await expect(page.getByTestId('receiving-order-feedback')).toHaveAttribute('data-tone', 'error');
    await expect(page.getByTestId('receiving-order-feedback')).toContainText('MI0000000 is invalid');

    // A box label of the order opens it and becomes the current box.
    await scan(page, 'receiving-order-scan', `${unid}P001`);
    await expect(page.getByTestId('receiving-unid')).toHaveText(unid);
    await expect(page.getByTestId('current-unit')).toHaveText(`${unid}P001`);
    await expect(page.getByTestId('inbound-status')).toHaveAttribute('data-state', 'readyToInbound');

    // Two units typed as one scan: one short of the three planned.
    await page.getByTestId('scan-quantity').fill('2');
    await page.getByTestId('scan-quantity').press('Enter');
    await scan(page, 'receiving-item-scan', shortSku);
    await expect(feedback(page)).toHaveAttribute('data-tone', 'success');
    await expect(page.getByTestId(`counted-${shortSku}`)).toHaveText('2');
    await expect(page.getByTestId(`difference-${shortSku}`)).toHaveText('-1');
    await expect(page.getByTestId(`line-${shortSku}`)).toContainText('1 short');
    await expect(page.getByTestId('inbound-status')).toHaveAttribute('data-state', 'receiving');
    await expect(page.getByTestId('scan-quantity')).toHaveValue('1');

    // The same code twice within 300 ms is one scan (a bouncing trigger), not two.
    await pause(page);
    await wedge(page, 'receiving-item-scan', [damagedSku, damagedSku]);
    await expect(page.getByTestId(`counted-${damagedSku}`)).toHaveText('1');
    await pause(page);
    await expect(page.getByTestId(`counted-${damagedSku}`)).toHaveText('1');

    // A pallet label switches the current unit instead of being taken for an item.
    await scan(page, 'receiving-item-scan', `${unid}P002`);
    await expect(page.getByTestId('current-unit')).toHaveText(`${unid}P002`);

    await page.getByTestId('scan-damaged').click();
    await scan(page, 'receiving-item-scan', damagedSku);
    await expect(page.getByTestId(`counted-${damagedSku}`)).toHaveText('2');
    await expect(page.getByTestId(`line-${damagedSku}`)).toContainText('1 damaged');
    await expect(page.getByTestId(`difference-${damagedSku}`)).toHaveText('0');
    await expect(page.getByTestId('scan-damaged')).toHaveAttribute('aria-checked', 'false');

    await page.getByTestId('complete-receiving').click();
    await page.getByTestId('confirm-ok').click();
    await expect(page.getByTestId('inbound-status')).toHaveAttribute('data-state', 'received');
    await expect(page.getByTestId('putaway-panel')).toBeVisible();
    await expect(page.getByTestId('count-panel')).toHaveCount(0);

    // Valid units: the suggestion in one click; the damaged unit: its quarantine suggestion.
    const suggested = page.getByTestId(`putaway-suggested-${shortSku}-5`);
    const target = ((await suggested.textContent()) ?? '').replace(/^To\s*/, '').trim();
    expect(target).toMatch(/^[ABC]-\d{2}-\d{2}$/);
    await suggested.click();
    await expect(page.getByTestId('putaway-feedback')).toContainText(`2 × ${shortSku} put away to ${target}`);
    await expect(page.getByTestId(`staging-${shortSku}-5`)).toHaveCount(0);

    // The valid unit of the second line goes where the operator scans.
    await page.getByTestId(`staging-${damagedSku}-5`).click();
    await scan(page, 'putaway-scan', 'B-11-04');
    await expect(page.getByTestId('putaway-feedback')).toContainText(`1 × ${damagedSku} put away to B-11-04`);

    await expect(page.getByTestId(`putaway-suggested-${damagedSku}-2`)).toContainText('DMG-01');
    await page.getByTestId(`putaway-suggested-${damagedSku}-2`).click();
    await expect(page.getByTestId('staging-empty')).toBeVisible();
    await expect(page.getByTestId('inbound-status')).toHaveAttribute('data-state', 'inbounded');

    const stock = async (sku: string) => (await call('GET', `/v0/stock/?sku=${sku}`)).data.data as Array<Record<string, any>>;
    const placed = (await stock(shortSku)).filter((r) => r.quantity > 0);
    expect(placed.map((r) => [r.compartmentCode, r.status, r.quantity])).toEqual([[target, 10, 2]]);
    const second = (await stock(damagedSku)).filter((r) => r.quantity > 0).map((r) => [r.compartmentCode, r.status, r.quantity]);
    expect(second.sort()).toEqual([
      ['B-11-04', 10, 1],
      ['DMG-01', 2, 1],
    ]);
    const log = (await call('GET', `/v0/inventorylog/?refId=${unid}&l=100`)).data.data as Array<Record<string, any>>;
    expect(log.length).toBeGreaterThanOrEqual(4);
    expect(log.every((row) => row.refType === 'inbound')).toBe(true);
  });

  test('asks for serials and a batch, accepts an item not on the order only when confirmed, and undoes a scan', async ({ page }) => {
    await signedIn(page, 'warehouse@demo.local');
    const call = await api(page);
    const { unid, skus } = await announce(call, [
      { planned: 2, item: { serialRequired: true, serialPattern: '^SN\\d{4}$' } },
      { planned: 5, item: { batchTracked: true } },
    ]);
    const [serialSku, batchSku] = skus as [string, string];
    const extra = await announce(call, [{ planned: 1 }]);
    const strangerSku = extra.skus[0]!;

    await page.goto('/wEP/receiving');
    await expect(page.getByTestId('receiving-open-orders')).toContainText(unid);
    await scan(page, 'receiving-order-scan', unid);
    await expect(page.getByTestId('receiving-unid')).toHaveText(unid);

    // Serial numbers: one per unit, asked for after the scan; a serial read twice is refused at once.
    await page.getByTestId('scan-quantity').fill('2');
    await page.getByTestId('scan-quantity').press('Enter');
    await scan(page, 'receiving-item-scan', serialSku);
    const serial = page.getByTestId('serial-input');
    await expect(serial).toBeFocused();
    await serial.fill('SN0001');
    await serial.press('Enter');
    await serial.fill('SN0001');
    await serial.press('Enter');
    await expect(page.getByTestId('serial-prompt')).toContainText('SN0001 was already scanned');
    await serial.fill('SN0002');
    await serial.press('Enter');
    await expect(page.getByTestId('serial-prompt')).toHaveCount(0);
    await expect(page.getByTestId(`counted-${serialSku}`)).toHaveText('2');

    // A batch-tracked item scanned without a batch: the batch is asked for, then kept for the next scans.
    await scan(page, 'receiving-item-scan', batchSku);
    await expect(page.getByTestId('batch-input')).toBeFocused();
    await page.getByTestId('batch-input').fill('LOT-7');
    await page.getByTestId('batch-input').press('Enter');
    await expect(page.getByTestId(`counted-${batchSku}`)).toHaveText('1');
    await expect(page.getByTestId('scan-batch')).toHaveValue('LOT-7');

    // An item of the merchant that is not on this order: a warning, booked only when accepted.
    await scan(page, 'receiving-item-scan', strangerSku);
    await expect(feedback(page)).toHaveAttribute('data-tone', 'warning');
    await expect(page.getByTestId(`line-${strangerSku}`)).toHaveCount(0);
    await page.getByTestId('accept-anyway').click();
    await expect(page.getByTestId(`line-${strangerSku}`)).toContainText('Not on the order');
    await expect(page.getByTestId(`counted-${strangerSku}`)).toHaveText('1');

    await page.getByTestId('undo-scan').click();
    await expect(page.getByTestId(`counted-${strangerSku}`)).toHaveText('0');
    await expect(feedback(page)).toContainText(`Undone: 1 × ${strangerSku}`);

    // Finishing partially books what was counted; the order stays open for more scans.
    await page.getByTestId('finish-partially').click();
    await page.getByTestId('confirm-ok').click();
    await expect(page.getByTestId('inbound-status')).toHaveAttribute('data-state', 'partiallyInbounded');
    await expect(page.getByTestId('count-panel')).toBeVisible();
    await expect(page.getByTestId('recent-scans')).toContainText('Booked');

    await page.getByTestId('change-order').click();
    await expect(page.getByTestId('receiving-order-scan')).toBeFocused();
  });

  test('an item not on the order is said first, then its serials asked for in proper words (issue 15 item 13)', async ({ page }) => {
    await signedIn(page, 'warehouse@demo.local');
    const call = await api(page);
    const { unid } = await announce(call, [{ planned: 2 }]);
    const serialSku = (await announce(call, [{ planned: 1, item: { serialRequired: true, serialPattern: '^SN\\d{4}$' } }])).skus[0]!;

    await page.goto('/wEP/receivingScan');
    await scan(page, 'receiving-order-scan', unid);
    await expect(page.getByTestId('receiving-unid')).toHaveText(unid);
    // The serial-numbered item is not on this order: the receiver hears that before any serial prompt.
    await scan(page, 'receiving-item-scan', serialSku);
    await expect(feedback(page)).toHaveAttribute('data-tone', 'warning');
    await expect(feedback(page)).toContainText(`${serialSku} is not on this order`);
    await expect(page.getByTestId('serial-prompt')).toHaveCount(0);
    await page.getByTestId('accept-anyway').click();
    // Accepted, it asks for one serial number, in the singular.
    await expect(page.getByTestId('serial-prompt')).toContainText('Scan 1 serial number.');
    await expect(page.getByTestId('serial-prompt')).not.toContainText('1 serial numbers');
    // A serial of the wrong form is refused naming the field by its label, not `serials`.
    await page.getByTestId('serial-input').fill('XX12');
    await page.getByTestId('serial-input').press('Enter');
    await expect(feedback(page)).toHaveAttribute('data-tone', 'error');
    await expect(feedback(page)).toContainText('Serial numbers: XX12');
    await expect(feedback(page)).not.toContainText('serials:');

    await pause(page);
    await scan(page, 'receiving-item-scan', serialSku);
    await page.getByTestId('accept-anyway').click();
    await page.getByTestId('serial-input').fill('SN0042');
    await page.getByTestId('serial-input').press('Enter');
    await expect(page.getByTestId(`line-${serialSku}`)).toContainText('Not on the order');
    await expect(page.getByTestId(`counted-${serialSku}`)).toHaveText('1');
  });

  test('a scan whose answer is lost is sent again with the same key and booked once', async ({ page }) => {
    await signedIn(page, 'warehouse@demo.local');
    const call = await api(page);
    const { id, unid, skus } = await announce(call, [{ planned: 3 }]);
    const keys: string[] = [];
    // The first attempt reaches the server and is booked, but its answer never comes back.
    await page.route('**/v0/r7gorders/*/scan', async (route) => {
      keys.push(route.request().headers()['idempotency-key'] ?? '');
      if (keys.length > 1) return route.continue();
      await route.fetch();
      await route.abort('connectionreset');
    });

    await page.goto('/wEP/receivingScan');
    await scan(page, 'receiving-order-scan', unid);
    await scan(page, 'receiving-item-scan', skus[0]!);
    await expect(feedback(page)).toHaveAttribute('data-tone', 'success');
    await expect(page.getByTestId(`counted-${skus[0]}`)).toHaveText('1');
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(keys[1]).toBe(keys[0]);
    const detail = await call('GET', `/v0/r7gorders/${id}/detail`);
    expect(detail.data.scans).toHaveLength(1);
  });

  test('asks for the best-before date of an expiry-tracked item and books it into staging', async ({ page }) => {
    await signedIn(page, 'warehouse@demo.local');
    const call = await api(page);
    const { unid, skus } = await announce(call, [{ planned: 3, item: { expiryTracked: true } }]);
    const sku = skus[0]!;

    await page.goto('/wEP/receivingScan');
    await scan(page, 'receiving-order-scan', unid);
    await scan(page, 'receiving-item-scan', sku);
    const date = page.getByTestId('expiry-input');
    await expect(date).toBeFocused();
    await date.fill('31.04.2030');
    await date.press('Enter');
    await expect(page.getByTestId('expiry-note')).toContainText('is not a date');
    await date.fill('31.03.2030');
    await expect(page.getByTestId('expiry-note')).toContainText('2030-03-31');
    await date.press('Enter');
    await expect(page.getByTestId('expiry-prompt')).toHaveCount(0);
    await expect(page.getByTestId(`counted-${sku}`)).toHaveText('1');
    await expect(page.getByTestId('recent-scans')).toContainText('BBD 2030-03-31');

    // The next box of the same lot: the date is offered again, one Enter takes it.
    await page.getByTestId('scan-quantity').fill('2');
    await page.getByTestId('scan-quantity').press('Enter');
    await scan(page, 'receiving-item-scan', sku);
    await expect(page.getByTestId('expiry-input')).toHaveValue('2030-03-31');
    await page.getByTestId('expiry-input').press('Enter');
    await expect(page.getByTestId(`counted-${sku}`)).toHaveText('3');

    await page.getByTestId('complete-receiving').click();
    await page.getByTestId('confirm-ok').click();
    await expect(page.getByTestId('inbound-status')).toHaveAttribute('data-state', 'received');
    await expect(page.getByTestId(`line-expiry-${sku}`)).toHaveText('BBD 2030-03-31');
    const stock = (await call('GET', `/v0/stock/?sku=${sku}`)).data.data as Array<Record<string, any>>;
    expect(stock.filter((r) => r.quantity > 0).map((r) => [r.compartmentCode, r.status, r.quantity, r.expiry])).toEqual([['IN-01', 5, 3, '2030-03-31']]);
  });
});

test.describe('logging scan', () => {
  test('selects an inbound order by a box label and logs each tracking number once', async ({ page }) => {
    await signedIn(page, 'warehouse@demo.local');
    const call = await api(page);
    const tracking = unique('TRK');
    const { unid } = await announce(call, [{ planned: 1 }], [tracking]);
    const box = page.getByTestId('logging-input');
    const result = page.getByTestId('logging-feedback');

    await page.goto('/wEP/loggingScan');
    await expect(page.getByTestId('logging-title')).toHaveText('Please Scan the Order No.');
    await expect(box).toHaveAttribute('placeholder', 'Task No.');
    await scan(page, 'logging-input', 'NOPE-123');
    await expect(result).toHaveText('NOPE-123 is Invalid!');
    await scan(page, 'logging-input', 'MI0000000');
    await expect(result).toHaveText('MI0000000 is Invalid!');

    await scan(page, 'logging-input', `${unid}P003`);
    await expect(page.getByTestId('logging-title')).toHaveText(`Inbound ${unid}`);
    await expect(result).toHaveText('Please confirm the order info and continue!');
    await expect(box).toHaveAttribute('placeholder', 'Scan to log');

    await scan(page, 'logging-input', tracking);
    await expect(result).toHaveText(`Got ${tracking}!`);
    await expect(result).toHaveAttribute('data-tone', 'success');
    await expect(page.getByTestId('logging-list')).toContainText(tracking);
    await pause(page);
    await scan(page, 'logging-input', tracking);
    await expect(result).toHaveText(`${tracking} is Already Scanned!`);
    await expect(result).toHaveAttribute('data-tone', 'warning');
    const order = await call('GET', `/v0/r7gorders/any?q=${unid}`);
    const detail = await call('GET', `/v0/r7gorders/${order.data.id}/detail`);
    expect(detail.data.order.trackingLogged).toEqual([tracking]);

    await page.getByTestId('logging-change').click();
    await expect(page.getByTestId('logging-title')).toHaveText('Please Scan the Order No.');
  });

  test('selects an outbound order by its tracking number and logs a code to it once', async ({ page }) => {
    await signedIn(page, 'admin@demo.local');
    const call = await api(page);
    const tracking = unique('OUT');
    const merchantId = (await call('GET', '/v0/item/any?q=SKU-A')).data.merchantId as number;
    const created = await call('POST', '/v0/outbound/orders', {
      merchantId,
      typeOfTask: 'B2C',
      modeOfTransport: 'parcel',
      pickupDate: '2026-12-01',
      unitQty: 1,
      weight: 0.5,
      consignee: { name1: 'Erika Muster', streetName: 'Hauptstraße', streetNumber: '5', zip: '10115', city: 'Berlin', country: 'DE' },
      parcels: [{ trackingNo: tracking }],
      lines: [{ sku: 'SKU-A', quantity: 1 }],
    });
    expect(created.code).toBe('OK');
    const result = page.getByTestId('logging-feedback');
    await page.goto('/wEP/loggingScan');
    await scan(page, 'logging-input', tracking);
    await expect(page.getByTestId('logging-title')).toContainText(created.data.unid);
    const label = `${tracking}-LOG`;
    await scan(page, 'logging-input', label);
    await expect(result).toHaveText(`Got ${label}!`);
    await pause(page);
    await scan(page, 'logging-input', label);
    await expect(result).toHaveText(`${label} is Already Scanned!`);
    const order = await call('GET', `/v0/p11yorders/?q=${created.data.id}`);
    expect(order.data.shipBundleSent).toEqual([label]);
  });
});
