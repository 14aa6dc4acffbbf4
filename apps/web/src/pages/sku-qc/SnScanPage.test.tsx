import { cleanup, fireEvent, render, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import SnScanPage from './SnScanPage.js';

const envelope = (data: unknown) => new Response(JSON.stringify({ code: 'OK', data }), { headers: { 'Content-Type': 'application/json' } });
const swapAnswer = (over: Record<string, unknown>) => ({
  id: 5,
  unid: 'MO1',
  shipBundleSent: [],
  sn: '',
  itemSN: '[]',
  swapBuffer: [],
  print: 'none',
  printJobId: null,
  ...over,
});

/** The server: the swap's steps in order, and every call it was sent. */
function server() {
  const calls: Array<{ url: string; key: string | null; body?: unknown }> = [];
  const answers = [
    swapAnswer({}),
    swapAnswer({ swapBuffer: ['A1'] }),
    swapAnswer({ sn: 'KS1001', itemSN: '[{"sku":"SKU-C","sn":"KS1001"}]', print: 'sent', printJobId: 9 }),
  ];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = String(input);
      const headers = new Headers(init?.headers);
      calls.push({ url, key: headers.get('Idempotency-Key'), body: init?.body ? JSON.parse(String(init.body)) : undefined });
      if (url.includes('/v0/p11yorders/swapSN')) return envelope(answers.shift());
      if (url === '/v0/print') return envelope({ id: 10 });
      return new Response('', { status: 404 });
    }),
  );
  return calls;
}

/** A scanner: one key after the other in a burst, then Enter. */
function wedge(input: HTMLElement, code: string) {
  for (let i = 1; i <= code.length; i++) fireEvent.change(input, { target: { value: code.slice(0, i) } });
  fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
  fireEvent.keyUp(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
  // The operator aims again: past the field's bounce filter for a repeated code.
  vi.setSystemTime(Date.now() + 400);
}

/** Typed by hand (here: pasted in one go), then Enter. */
function typed(input: HTMLElement, code: string) {
  fireEvent.change(input, { target: { value: code } });
  fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
  fireEvent.keyUp(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
  vi.setSystemTime(Date.now() + 400);
}

beforeEach(() => vi.useFakeTimers({ toFake: ['Date'] }));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('SN scan page', () => {
  it('asks every scanned code twice, takes typed codes at once, and prints the new serial', async () => {
    const calls = server();
    const view = render(<SnScanPage />);
    const input = view.getByTestId('sn-scan-input');
    const swaps = () => calls.filter((c) => c.url.includes('swapSN'));

    wedge(input, 'MO1');
    expect(view.getByTestId('sn-scan-feedback').textContent).toContain('snScan.progress');
    expect(swaps()).toHaveLength(0);
    wedge(input, 'MO1');
    await waitFor(() => expect(view.getByTestId('sn-scan-title').textContent).toBe('snScan.sn1'));
    expect(swaps()[0]!.url).toContain('id=0&q=MO1');
    expect(swaps()[0]!.key).toBeTruthy();

    wedge(input, 'A1');
    wedge(input, 'B1');
    expect(view.getByTestId('sn-scan-feedback').textContent).toContain('snScan.inconsistent');
    expect(swaps()).toHaveLength(1);

    typed(input, 'A1');
    await waitFor(() => expect(view.getByTestId('sn-scan-title').textContent).toBe('snScan.sn2'));
    expect(swaps()[1]!.url).toContain('id=5&q=A1');
    typed(input, 'A1');
    expect(view.getByTestId('sn-scan-feedback').textContent).toContain('snScan.different');
    expect(swaps()).toHaveLength(2);
    // One scan at a time: the refused one has finished before the next comes.
    await new Promise((resolve) => setTimeout(resolve, 0));

    typed(input, 'B1');
    await waitFor(() => expect(view.getByTestId('sn-scan-feedback').textContent).toContain('snScan.printer'));
    expect(new Set(swaps().map((c) => c.key)).size).toBe(3);

    fireEvent.click(view.getByTestId('sn-scan-history-list-KS1001'));
    await waitFor(() => expect(view.getByTestId('sn-scan-feedback').textContent).toContain('snScan.reprinted'));
    expect(calls.find((c) => c.url === '/v0/print')?.body).toMatchObject({ kind: 'sn', sn: 'KS1001' });
  });
});
