/**
 * The harness of the scan station screens' tests (shipping scan, SKU QC): a stubbed server that gives
 * its answers in order, the scanner's keystrokes, and the clean-up after each test.
 */
import { cleanup, fireEvent } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

/** An API answer in the envelope (spec §3), OK or a coded error. */
export const envelope = (data: unknown, code = 'OK') => new Response(JSON.stringify({ code, data }), { headers: { 'Content-Type': 'application/json' } });

/** The server's answers to the page's calls, in order (404 once they run out); answers the URLs called. */
export function answerInOrder(answers: Response[]): string[] {
  const urls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      urls.push(String(input));
      return answers.shift() ?? new Response('', { status: 404 });
    }),
  );
  return urls;
}

/** What a keyboard-wedge scanner does: the code lands in the field, then Enter (down and up). */
export function scan(input: HTMLElement, code: string): void {
  fireEvent.change(input, { target: { value: code } });
  fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
  fireEvent.keyUp(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
}

/** Unmounts the screen and takes the stubbed server away after each test of the file. */
export function resetAfterEach(): void {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });
}
