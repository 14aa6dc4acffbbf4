import { expect, test, type Page } from '@playwright/test';
import { choose, signedIn } from './helpers.js';
import { sessionApi as api, type Call } from './session-api.js';

/**
 * Returns (RMA) in the browser (issue 6 §5, §6): staff scan a new return parcel, count two items of
 * merchant A (one damaged), photograph it, save, put the lines into the returns and the damaged
 * compartment by scanning, and inbound it; the stock grows there, and the merchant sees the return
 * read-only. Each run uses its own parcel number.
 */

const unique = (prefix: string) => `${prefix}${Date.now().toString(36).toUpperCase()}${Math.floor(Math.random() * 1000)}`;

/** Units of one item in one compartment and stock status, from `GET /v0/stock/`. */
async function stockOf(call: Call, sku: string, compartment: string, status: number) {
  const page = await call('GET', `/v0/stock/?sku=${sku}&compartmentCode=${compartment}&status=${status}&l=100`);
  expect(page.code).toBe('OK');
  return (page.data.data as Array<{ quantity: number }>).reduce((sum, row) => sum + row.quantity, 0);
}

async function scan(page: Page, testId: string, code: string) {
  const box = page.getByTestId(testId);
  await expect(box).toBeFocused();
  await box.fill(code);
  await box.press('Enter');
}

const feedback = (page: Page) => page.getByTestId('return-feedback');
const line = (page: Page, sku: string) => page.getByTestId(`return-line-${sku}`);

/** A 1×1 PNG: the smallest picture the upload takes as an image. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

test.describe('returns', () => {
  test('staff scan a new return, count it with one damaged item, inbound it by compartment scans; the merchant sees it read-only', async ({
    page,
    browser,
  }) => {
    // Three sign-ins and a whole return: longer than one screen's test.
    test.setTimeout(150_000);
    await signedIn(page, 'warehouse@demo.local');
    const call = await api(page);
    const before = {
      hub: await stockOf(call, 'ANK-HUB-7', 'RET-01', 10),
      speaker: await stockOf(call, 'ANK-SPK-MINI', 'DMG-01', 2),
    };
    const parcel = unique('RT');

    await page.goto('/wEP/received');
    await scan(page, 'return-parcel-scan', parcel);
    await expect(page.getByTestId('return-workspace')).toBeVisible();
    await expect(feedback(page)).toContainText(parcel);
    await expect(page.getByTestId('return-field-shipSN')).toHaveValue(parcel);

    // The customer: its options arrive asynchronously, so the choice is checked and retried.
    await choose(page, page.getByTestId('return-field-merchant'), 'Anker Innovations DE', 'C001');

    await scan(page, 'return-scan', 'ANK-HUB-7');
    await expect(line(page, 'ANK-HUB-7')).toBeVisible();
    await scan(page, 'return-scan', 'ANK-SPK-MINI');
    await expect(line(page, 'ANK-SPK-MINI')).toContainText('Bluetooth speaker mini');
    await expect(page.getByTestId('return-totals')).toContainText('2 line(s), 2 piece(s)');

    // An unknown code is refused with an error, nothing added.
    await scan(page, 'return-scan', 'NO-SUCH-CODE-42');
    await expect(feedback(page)).toHaveAttribute('data-tone', 'error');
    await expect(page.getByTestId('return-totals')).toContainText('2 line(s), 2 piece(s)');

    await choose(page, line(page, 'ANK-SPK-MINI').getByTestId('return-line-condition'), 'Damaged');
    await line(page, 'ANK-SPK-MINI').getByTestId('return-line-remark').fill('Cracked housing');

    await page.getByTestId('return-photos').locator('input[type=file]').setInputFiles({ name: 'parcel.png', mimeType: 'image/png', buffer: PNG });
    await expect(page.getByTestId('return-photo')).toHaveCount(1);

    await page.getByTestId('return-save').click();
    await expect(feedback(page)).toContainText('Return saved');
    await expect(page.getByRole('heading', { name: `Return ${parcel}` })).toBeVisible();

    // Inbound needs a compartment on every line.
    await page.getByTestId('return-inbound').click();
    await expect(feedback(page)).toContainText('2 lines without a compartment');

    // The selected line alone takes the next compartment; the next scan fills the rest.
    await line(page, 'ANK-SPK-MINI').getByTestId('return-line-select').click();
    await scan(page, 'return-scan', 'DMG-01');
    await expect(line(page, 'ANK-SPK-MINI').getByTestId('return-line-compartment')).toHaveText('DMG-01');
    await expect(line(page, 'ANK-HUB-7').getByTestId('return-line-compartment')).not.toContainText('01');
    await scan(page, 'return-scan', 'RET-01');
    await expect(line(page, 'ANK-HUB-7').getByTestId('return-line-compartment')).toHaveText('RET-01');
    await expect(line(page, 'ANK-SPK-MINI').getByTestId('return-line-compartment')).toHaveText('DMG-01');

    await page.getByTestId('return-inbound').click();
    await expect(page.locator('.ant-modal-confirm')).toContainText('Book 2 pieces into stock?');
    await page.getByTestId('confirm-ok').click();
    await expect(feedback(page)).toContainText('2 pieces booked into stock');
    await expect(page.getByTestId('return-workspace').getByTestId('returnOrder-status').first()).toHaveText('Inbounded');
    await expect(page.getByTestId('return-scan')).toHaveCount(0);
    await expect(page.getByTestId('return-save')).toHaveCount(0);
    await expect(line(page, 'ANK-HUB-7').getByTestId('return-line-compartment')).toHaveText('RET-01');

    // The stock: the valid hub in RET-01 as valid (10), the damaged speaker in DMG-01 as damaged (2).
    expect(await stockOf(call, 'ANK-HUB-7', 'RET-01', 10)).toBe(before.hub + 1);
    expect(await stockOf(call, 'ANK-SPK-MINI', 'DMG-01', 2)).toBe(before.speaker + 1);

    // The list finds it by its number, with its status.
    await page.getByTestId('return-back').click();
    await page.getByTestId('returns-search').locator('input').fill(parcel);
    await page.getByTestId('returns-search').locator('input').press('Enter');
    const row = page.getByTestId('returns-table').locator('tbody tr.ant-table-row', { hasText: parcel });
    await expect(row).toContainText('Inbounded');
    await expect(page.getByTestId('returns-table').locator('tbody tr.ant-table-row')).toHaveCount(1);

    // The merchant sees the return read-only, with its lines, conditions and photo.
    const merchant = await browser.newPage();
    await signedIn(merchant, 'merchant-a@demo.local');
    await merchant.goto('/mEP/received');
    await expect(merchant.getByTestId('return-parcel-scan')).toHaveCount(0);
    await merchant.getByTestId('returns-search').locator('input').fill(parcel);
    await merchant.getByTestId('returns-search').locator('input').press('Enter');
    await merchant.getByTestId('returns-table').locator('tbody tr.ant-table-row', { hasText: parcel }).getByTestId('return-open').click();
    await expect(merchant.getByTestId('return-facts')).toContainText(parcel);
    await expect(merchant.getByTestId('return-facts')).toContainText('Inbounded');
    await expect(line(merchant, 'ANK-SPK-MINI').getByTestId('return-line-condition')).toHaveText('Damaged');
    await expect(line(merchant, 'ANK-SPK-MINI')).toContainText('Cracked housing');
    await expect(line(merchant, 'ANK-HUB-7').getByTestId('return-line-compartment')).toHaveText('RET-01');
    await expect(merchant.getByTestId('return-photo')).toHaveCount(1);
    await expect(merchant.getByTestId('return-save')).toHaveCount(0);
    await expect(merchant.getByTestId('return-field-merchant')).toHaveCount(0);
    await merchant.close();

    // Another merchant does not see it.
    const other = await browser.newPage();
    await signedIn(other, 'merchant-b@demo.local');
    await other.goto('/mEP/received');
    await other.getByTestId('returns-search').locator('input').fill(parcel);
    await other.getByTestId('returns-search').locator('input').press('Enter');
    await expect(other.getByTestId('returns-total')).toHaveText(/\b0\b/);
    await other.close();
  });

  test('scanning the number of an existing return opens it instead of drafting a new one', async ({ page }) => {
    await signedIn(page, 'warehouse@demo.local');
    const call = await api(page);
    const parcel = unique('RX');
    expect((await call('POST', '/v0/r7greceiving/', { shipSN: parcel, agentGUID: 'C001', note: 'opened by API' })).code).toBe('OK');
    await page.goto('/wEP/received');
    await scan(page, 'return-parcel-scan', parcel);
    await expect(feedback(page)).toContainText(`Return ${parcel} opened`);
    await expect(page.getByTestId('return-field-note')).toHaveValue('opened by API');
    await expect(page.getByTestId('return-field-merchant')).toContainText('C001');
  });
});
