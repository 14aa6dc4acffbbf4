import { render, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answerInOrder, envelope, resetAfterEach, scan } from '../../test/scan-station.js';
import SkuScanPage from './SkuScanPage.js';

const progress = (over: Record<string, unknown>) => ({
  id: 7,
  unid: 'MO20260002',
  status: 95,
  shippingScanSKUQC: '[]',
  itemID: 'SKU-C',
  requiredSKUQCQty: 1,
  scannedSKUQCQty: 0,
  remainingSKUQCQty: 1,
  skuQCCompleted: false,
  requiredSNQty: 1,
  scannedSNQty: 0,
  remainingSNQty: 1,
  snRequired: true,
  snCompleted: false,
  snItemID: 'SKU-C',
  noteInner: 'Check the SN sticker!',
  noteImportant: '',
  ...over,
});
const serials = (over: Record<string, unknown>) => ({
  id: 7,
  unid: 'MO20260002',
  status: 95,
  sn: '',
  itemSN: '[]',
  itemID: 'SKU-C',
  requiredSNQty: 1,
  scannedSNQty: 0,
  remainingSNQty: 1,
  completed: false,
  snPattern: '^[A-Z0-9]{8,16}$',
  ...over,
});

resetAfterEach();

describe('SKU scan page', () => {
  it('opens the order, shows a refused SKU in red, then asks for the serial and finishes', async () => {
    const urls = answerInOrder([
      envelope(progress({})),
      envelope(serials({})),
      envelope('SKU EF-CABLE-XT60 does not match SKU-C', 'SkuMismatch'),
      envelope(progress({ status: 91, itemID: '', scannedSKUQCQty: 1, remainingSKUQCQty: 0, skuQCCompleted: true, shippingScanSKUQC: '[{"sku":"SKU-C"}]' })),
      envelope(serials({ status: 91 })),
      envelope(
        serials({ status: 96, sn: 'ABCD1234', itemSN: '[{"sku":"SKU-C","sn":"ABCD1234"}]', itemID: '', scannedSNQty: 1, remainingSNQty: 0, completed: true }),
      ),
    ]);
    const view = render(<SkuScanPage />);
    const input = view.getByTestId('sku-scan-input');
    const banner = () => view.getByTestId('sku-scan-feedback');

    scan(input, 'TRK2001');
    await waitFor(() => expect(view.getByTestId('sku-scan-title').textContent).toBe('skuScan.task'));
    expect(urls[0]).toContain('scanItemSKUQC?id=0&q=TRK2001');
    expect(view.getByTestId('sku-scan-order').textContent).toContain('Check the SN sticker!');

    scan(input, 'EF-CABLE-XT60');
    await waitFor(() => expect(banner().getAttribute('data-tone')).toBe('error'));
    expect(banner().textContent).toContain('SKU EF-CABLE-XT60 does not match SKU-C');

    scan(input, '6970000000011');
    await waitFor(() => expect(view.getByTestId('sku-scan-sn-prompt')).toBeTruthy());
    expect(banner().getAttribute('data-tone')).toBe('warning');
    expect(banner().textContent).toContain('skuScan.snNeeded');

    scan(input, 'ABCD1234');
    await waitFor(() => expect(banner().getAttribute('data-tone')).toBe('success'));
    expect(urls.at(-1)).toContain('scanItemSN?id=7&itemID=SKU-C&q=ABCD1234');
    expect(banner().textContent).toContain('skuScan.ready');
    expect(view.getByTestId('sku-scan-serial-list').textContent).toContain('ABCD1234');
  });
});
