import { render, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { screensEn } from '../../i18n/screens-en.js';
import { describe, expect, it, vi } from 'vitest';
import { answerInOrder, envelope, resetAfterEach, scan } from '../../test/scan-station.js';
import ShippingScanPage from './ShippingScanPage.js';

/** The fields of the answer the screen reads (the rest of the order JSON is not used). */
const order = (over: Record<string, unknown>) => ({
  id: 7,
  unid: 'MO20260002',
  status: 20,
  shipQty: 1,
  shipBundle: 'TRK2001',
  shipBundleSent: ['TRK2001'],
  alreadyScanned: false,
  originSN: 'REF-1',
  carrier: 'UPS',
  recName1: 'Jan de Vries',
  recCountry: 'NL',
  items: '[{"sku":"SKU-C","qty":1}]',
  note: 'Fragile',
  noteInner: '',
  noteImportant: 'Use the red tape',
  skuQCRequiredQty: 0,
  skuQCScannedQty: 0,
  skuQCRemainingQty: 0,
  snRequiredQty: 0,
  snScannedQty: 0,
  snRemainingQty: 0,
  ...over,
});
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
  requiredSNQty: 0,
  scannedSNQty: 0,
  remainingSNQty: 0,
  snRequired: false,
  snCompleted: true,
  snItemID: '',
  noteInner: '',
  noteImportant: '',
  ...over,
});

resetAfterEach();

/** The same code again comes after the operator aims again, past the field's 300 ms bounce filter. */
const aimAgain = () => new Promise((resolve) => setTimeout(resolve, 350));

describe('shipping scan page', () => {
  it('the last parcel opens the SKU QC prompt, whose scans finish the checks', async () => {
    const urls = answerInOrder([
      envelope(order({ status: 95, skuQCRequiredQty: 1, skuQCRemainingQty: 1 })),
      envelope(progress({})),
      envelope(progress({ status: 96, itemID: '', scannedSKUQCQty: 1, remainingSKUQCQty: 0, skuQCCompleted: true })),
    ]);
    const view = render(<ShippingScanPage />);
    expect(view.getByTestId('ship-scan-idle')).toBeTruthy();
    const input = view.getByTestId('ship-scan-input');
    const banner = () => view.getByTestId('ship-scan-feedback');

    scan(input, 'TRK2001');
    await waitFor(() => expect(view.getByTestId('ship-scan-qc')).toBeTruthy());
    expect(urls[0]).toContain('scanShipSN?q=TRK2001');
    expect(urls[1]).toMatch(/scanItemSKUQC\?id=7$/);
    expect(banner().getAttribute('data-tone')).toBe('warning');
    expect(banner().textContent).toContain('shippingScan.titlePartialQc');
    expect(view.getByTestId('ship-scan-subtitle').textContent).toBe('shippingScan.qcPrompt');
    expect(view.getByTestId('ship-scan-important').textContent).toBe('Use the red tape');
    expect(view.getByTestId('ship-scan-items').textContent).toBe('SKU-C * 1');

    scan(input, 'SKU-C');
    await waitFor(() => expect(banner().getAttribute('data-tone')).toBe('success'));
    expect(urls[2]).toContain('scanItemSKUQC?id=7&q=SKU-C');
    expect(banner().textContent).toContain('shippingScan.checksDone');
  });

  it('names the next SKU under the banner after each QC scan, in words', async () => {
    const i18n = i18next.createInstance();
    await i18n.init({ lng: 'en', resources: { en: { translation: screensEn } }, interpolation: { escapeValue: false } });
    answerInOrder([
      envelope(order({ status: 95, skuQCRequiredQty: 2, skuQCRemainingQty: 2 })),
      envelope(progress({ requiredSKUQCQty: 2, remainingSKUQCQty: 2 })),
      envelope(progress({ itemID: 'SKU-B', requiredSKUQCQty: 2, scannedSKUQCQty: 1, remainingSKUQCQty: 1 })),
    ]);
    const view = render(
      <I18nextProvider i18n={i18n}>
        <ShippingScanPage />
      </I18nextProvider>,
    );
    const input = view.getByTestId('ship-scan-input');
    const subtitle = () => view.getByTestId('ship-scan-subtitle').textContent;
    scan(input, 'TRK2001');
    await waitFor(() => expect(subtitle()).toBe('SKU QC: scan the items of this order. Next SKU: SKU-C'));
    scan(input, 'SKU-C');
    await waitFor(() => expect(view.getByTestId('ship-scan-qc').textContent).toBe('SKU QC: 1 / 2'));
    expect(subtitle()).toBe('SKU QC: scan the items of this order. Next SKU: SKU-B');
  });

  it('answers a scan arriving while the previous one is in flight with "still processing", sends nothing for it and keeps it to scan again', async () => {
    const answers: Array<(r: Response) => void> = [];
    const urls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((input: string) => {
        urls.push(String(input));
        return new Promise<Response>((resolve) => answers.push(resolve));
      }),
    );
    const view = render(<ShippingScanPage />);
    const input = view.getByTestId('ship-scan-input');
    const banner = () => view.getByTestId('ship-scan-feedback');
    scan(input, 'TRK2001');
    await waitFor(() => expect(urls).toHaveLength(1));
    scan(input, 'TRK1001');
    await waitFor(() => expect(banner().textContent).toContain('shippingScan.busy'));
    expect(banner().getAttribute('data-tone')).toBe('warning');
    answers[0]!(envelope(order({ status: 96 })));
    await waitFor(() => expect(banner().getAttribute('data-tone')).toBe('success'));
    expect(urls).toHaveLength(1);
    // The first answer replaced the refusal: the refused parcel stays named until it is scanned again.
    expect(view.getByTestId('ship-scan-missed').textContent).toContain('shippingScan.missed');
    await aimAgain();
    scan(input, 'TRK1001');
    await waitFor(() => expect(urls).toHaveLength(2));
    expect(urls[1]).toContain('scanShipSN?q=TRK1001');
    expect(view.queryByTestId('ship-scan-missed')).toBeNull();
  });

  it('says a slow scan is being processed, and keeps an unanswered one to scan again', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const answers = [new Response('', { status: 503 }), new Response('', { status: 503 }), envelope(order({ status: 96 }))];
    const urls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string) => {
        urls.push(String(input));
        if (urls.length === 1) await held;
        return answers.shift()!;
      }),
    );
    const view = render(<ShippingScanPage />);
    const input = view.getByTestId('ship-scan-input');
    const banner = () => view.getByTestId('ship-scan-feedback');
    scan(input, 'TRK2001');
    // The idle text gave way to "processing", not to nothing (or, after a scan, to the last scan's green).
    await waitFor(() => expect(banner().textContent).toBe('shippingScan.processing'));
    expect(banner().getAttribute('data-tone')).toBe('info');
    release();
    // Sent twice with the same key, answered neither time: it may not be scanned, so it is kept.
    await waitFor(() => expect(banner().textContent).toBe('shippingScan.unknown'));
    expect(urls).toHaveLength(2);
    expect(view.getByTestId('ship-scan-missed').textContent).toContain('shippingScan.missed');
    await aimAgain();
    scan(input, 'TRK2001');
    await waitFor(() => expect(banner().getAttribute('data-tone')).toBe('success'));
    expect(view.queryByTestId('ship-scan-missed')).toBeNull();
  });

  it('refuses a pasted list of numbers whole, sending none of them', async () => {
    const urls = answerInOrder([]);
    const view = render(<ShippingScanPage />);
    scan(view.getByTestId('ship-scan-input'), 'TRK1001\tTRK1002');
    await waitFor(() => expect(view.getByTestId('ship-scan-feedback').textContent).toContain('shippingScan.several'));
    expect(view.getByTestId('ship-scan-feedback').getAttribute('data-tone')).toBe('error');
    expect(urls).toEqual([]);
  });

  it('shows Attention for a canceled order and Order Not Found for an unknown code', async () => {
    answerInOrder([envelope(order({ status: 120, shipBundleSent: [] })), envelope('Order not found.', 'OrderNotFound')]);
    const view = render(<ShippingScanPage />);
    const input = view.getByTestId('ship-scan-input');
    const banner = () => view.getByTestId('ship-scan-feedback');
    scan(input, 'CANCEL1');
    await waitFor(() => expect(banner().getAttribute('data-tone')).toBe('error'));
    expect(banner().textContent).toContain('shippingScan.attention');
    expect(view.getByTestId('ship-scan-missing').textContent).toContain('TRK2001');
    expect(view.getByTestId('ship-scan-sent').textContent).toBe('shippingScan.noneSent');
    scan(input, 'NOPE');
    await waitFor(() => expect(banner().textContent).toContain('shippingScan.notFound'));
  });
});
