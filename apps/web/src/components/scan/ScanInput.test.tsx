import { act, cleanup, fireEvent, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ScanInput } from './ScanInput.js';

/** What a keyboard-wedge scanner does: the code lands in the field, then Enter (down and up). */
function wedge(input: HTMLElement, code: string) {
  fireEvent.change(input, { target: { value: code } });
  fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
  fireEvent.keyUp(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
}

describe('ScanInput', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('ignores the same code again within 300 ms and takes it after', () => {
    const onScan = vi.fn();
    const { getByTestId } = render(<ScanInput placeholder="scan" onScan={onScan} testId="scan" />);
    const input = getByTestId('scan');
    wedge(input, 'SKU-1');
    act(() => vi.advanceTimersByTime(100));
    wedge(input, 'SKU-1');
    expect(onScan.mock.calls.map(([code]) => code)).toEqual(['SKU-1']);
    act(() => vi.advanceTimersByTime(301));
    wedge(input, 'SKU-1');
    expect(onScan.mock.calls.map(([code]) => code)).toEqual(['SKU-1', 'SKU-1']);
  });

  it('takes different codes however fast they come, trimmed, and clears the field', () => {
    const onScan = vi.fn();
    const { getByTestId } = render(<ScanInput placeholder="scan" onScan={onScan} testId="scan" />);
    const input = getByTestId('scan') as HTMLInputElement;
    wedge(input, ' SKU-1 ');
    wedge(input, 'SKU-2');
    wedge(input, '   ');
    expect(onScan.mock.calls.map(([code]) => code)).toEqual(['SKU-1', 'SKU-2']);
    expect(input.value).toBe('');
  });

  it('tells a scanner’s burst of keys from typing or pasting by hand, and drops control characters', () => {
    const onScan = vi.fn();
    const { getByTestId } = render(<ScanInput placeholder="scan" onScan={onScan} testId="scan" />);
    const input = getByTestId('scan');
    const keyIn = (code: string, msPerKey: number) => {
      for (let i = 1; i <= code.length; i++) {
        fireEvent.change(input, { target: { value: code.slice(0, i) } });
        act(() => vi.advanceTimersByTime(msPerKey));
      }
      fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
      fireEvent.keyUp(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
    };
    keyIn('SN0001', 2);
    keyIn('SN0002', 150);
    wedge(input, 'SN0003\u001d');
    expect(onScan.mock.calls).toEqual([
      ['SN0001', { manual: false }],
      ['SN0002', { manual: true }],
      ['SN0003', { manual: true }],
    ]);
  });

  // A browser's field turns pasted line breaks into spaces itself; a spreadsheet row's tabs reach the code.
  it('keeps the numbers of a pasted spreadsheet row apart: tabs part them, never join them', () => {
    const onScan = vi.fn();
    const { getByTestId } = render(<ScanInput placeholder="scan" onScan={onScan} testId="scan" />);
    const input = getByTestId('scan');
    wedge(input, 'TRK1001\tTRK1002');
    wedge(input, 'TRK2001\t\tTRK2002\t');
    expect(onScan.mock.calls.map(([code]) => code)).toEqual(['TRK1001 TRK1002', 'TRK2001 TRK2002']);
  });

  it('takes the focus when it appears', () => {
    const { getByTestId } = render(<ScanInput placeholder="scan" onScan={() => undefined} testId="scan" />);
    expect(document.activeElement).toBe(getByTestId('scan'));
  });
});
