import { fireEvent, render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, resetAfterEach, scan } from '../../test/scan-station.js';
import LoadingScanPage from './LoadingScanPage.js';
import { OPEN_PALLET } from './pallet.fixture.js';

const PALLET = OPEN_PALLET;
const row = (id: number, trackingNo: string) => ({
  id,
  palletCode: 'LD20260001',
  trackingNo,
  outboundUNID: '',
  carrier: '',
  meta: JSON.stringify({ resolveStatus: 'not_found', resolveError: '', rawScan: trackingNo }),
});

/**
 * The pallet routes: the start scan answers when `release` is called (so a second scan can come while
 * it is in flight); each flush answers its number as a persisted row. Answers the numbers flushed.
 */
function server(pallet = PALLET, hold = true) {
  const flushed: string[] = [];
  let release: () => void = () => undefined;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = String(input);
      if (url.endsWith('/handover/scan')) {
        if (hold) await new Promise<void>((resolve) => (release = resolve));
        return envelope({ scan: 'LD20260001', scanType: 'palletCode', ambiguous: false, pallet });
      }
      if (url.endsWith('/tracking')) return envelope([]);
      if (url.endsWith('/tracking/flush')) {
        const body = JSON.parse(String(init!.body)) as { items: Array<{ trackingNo: string }> };
        flushed.push(body.items[0]!.trackingNo);
        return envelope({ pairs: [row(flushed.length, body.items[0]!.trackingNo)] });
      }
      return new Response('', { status: 404 });
    }),
  );
  return { flushed, release: () => release() };
}

resetAfterEach();
afterEach(() => localStorage.clear());

describe('loading scan page', () => {
  it('keeps a scan refused while the pallet is loading to scan again, and loads a pasted row of numbers as separate numbers', async () => {
    const { flushed, release } = server();
    const view = render(<LoadingScanPage />);
    const input = view.getByTestId('loading-input');
    const banner = () => view.getByTestId('loading-feedback');

    scan(input, 'LD20260001');
    await waitFor(() => expect(vi.mocked(fetch)).toHaveBeenCalledTimes(1));
    scan(input, 'TRK1001');
    await waitFor(() => expect(banner().textContent).toBe('loading.busy'));
    release();
    await waitFor(() => expect(view.getByTestId('loading-title').textContent).toContain('LD20260001'));
    // The loaded banner replaced the refusal: the refused number stays named until it is scanned again.
    expect(view.getByTestId('loading-missed').textContent).toContain('loading.missed');
    expect(flushed).toEqual([]);

    // A spreadsheet row pasted: its tab parts the numbers, each is flushed on its own.
    scan(input, 'TRK1001\tTRK1002');
    await waitFor(() => expect(view.getAllByTestId('loading-persisted-row')).toHaveLength(2));
    expect(flushed).toEqual(['TRK1001', 'TRK1002']);
    expect(view.queryByTestId('loading-missed')).toBeNull();
  });

  it('keeps the important note open when a scanner fires into it, and keeps that scan to scan again', async () => {
    const { flushed } = server({ ...PALLET, importantNote: 'Max. 30 Pakete pro Palette' }, false);
    const view = render(<LoadingScanPage />);
    scan(view.getByTestId('loading-input'), 'LD20260001');
    const ok = await waitFor(() => {
      const button = document.querySelector<HTMLElement>('[data-testid="loading-note-ok"]');
      expect(button).toBeTruthy();
      return button!;
    });
    // The scanner's keys reach the focused dialog button; its Enter must not confirm the note.
    for (const key of 'TRK1001') fireEvent.keyDown(ok, { key });
    const enter = new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true });
    ok.dispatchEvent(enter);
    expect(enter.defaultPrevented).toBe(true);
    await waitFor(() => expect(view.getByTestId('loading-feedback').textContent).toBe('loading.noteFirst'));
    expect(view.getByTestId('loading-missed').textContent).toContain('loading.missed');
    expect(document.querySelector('[data-testid="loading-note-ok"]')).toBeTruthy();
    expect(flushed).toEqual([]);
  });

  it('asks before "Clear loading" leaves scans unsent on the device', async () => {
    const { release } = server();
    vi.mocked(fetch).mockImplementation(async (input) => {
      const url = String(input as string);
      if (url.endsWith('/handover/scan')) return envelope({ scan: 'LD20260001', scanType: 'palletCode', ambiguous: false, pallet: PALLET });
      if (url.endsWith('/tracking')) return envelope([]);
      return new Response('', { status: 503 }); // the flush never gets an answer: the number stays pending
    });
    release();
    const view = render(<LoadingScanPage />);
    const input = view.getByTestId('loading-input');
    scan(input, 'LD20260001');
    await waitFor(() => expect(view.getByTestId('loading-title').textContent).toContain('LD20260001'));
    scan(input, 'TRK1001');
    await waitFor(() => expect(view.getByTestId('loading-network').textContent).toBe('loading.offline'));
    expect(view.getAllByTestId('loading-pending-row')).toHaveLength(1);

    fireEvent.click(view.getByTestId('loading-clear'));
    const ok = await waitFor(() => {
      const button = document.querySelector<HTMLElement>('[data-testid="loading-clear-ok"]');
      expect(button).toBeTruthy();
      return button!;
    });
    expect(view.getByTestId('loading-title').textContent).toContain('LD20260001');
    fireEvent.click(ok);
    await waitFor(() => expect(view.getByTestId('loading-title').textContent).toBe('loading.prompt'));
    // Still kept on the device for the pallet, as the question said.
    expect(localStorage.getItem('kontor.loading.queue.LD20260001')).toContain('TRK1001');
  });

  it('after a reload with the server away, says what waits on the device and opens the pallet when it is back', async () => {
    localStorage.setItem('kontor.loading.current', 'LD20260001');
    localStorage.setItem('kontor.loading.queue.LD20260001', JSON.stringify([{ trackingNo: 'TRK1001', key: 'k-1' }]));
    const { flushed } = server(PALLET, false);
    const answer = vi.mocked(fetch).getMockImplementation()!;
    let away = true;
    vi.mocked(fetch).mockImplementation(async (input, init) => {
      if (away) throw new TypeError('Failed to fetch');
      return answer(input, init);
    });
    const view = render(<LoadingScanPage />);
    await waitFor(() => expect(view.getByTestId('loading-feedback').textContent).toBe('loading.resumeWaiting'));
    expect(view.getByTestId('loading-title').textContent).toBe('loading.prompt');

    away = false;
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(view.getByTestId('loading-title').textContent).toContain('LD20260001'));
    await waitFor(() => expect(flushed).toEqual(['TRK1001']));
    expect(localStorage.getItem('kontor.loading.queue.LD20260001')).toBeNull();
  });
});
