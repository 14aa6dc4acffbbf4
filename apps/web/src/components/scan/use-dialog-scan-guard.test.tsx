import { cleanup, fireEvent, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useDialogScanGuard } from './use-dialog-scan-guard.js';

function Guarded({ open, onCaught }: { open: { current: boolean }; onCaught(code: string): void }) {
  useDialogScanGuard(() => open.current, onCaught);
  return <button data-testid="ok">ok</button>;
}

/** A scanner's burst of keys and its Enter, as they reach the focused element; answers the Enter event. */
function keys(target: HTMLElement, code: string): KeyboardEvent {
  for (const key of code) fireEvent.keyDown(target, { key });
  const enter = new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true });
  target.dispatchEvent(enter);
  return enter;
}

afterEach(cleanup);

describe('useDialogScanGuard', () => {
  it('holds back the Enter of a scan typed into an open dialog and hands the code over; a lone Enter still confirms', () => {
    const onCaught = vi.fn();
    const open = { current: true };
    const view = render(<Guarded open={open} onCaught={onCaught} />);
    const ok = view.getByTestId('ok');
    expect(keys(ok, 'TRK1001').defaultPrevented).toBe(true);
    expect(onCaught).toHaveBeenCalledWith('TRK1001');
    expect(keys(ok, '').defaultPrevented).toBe(false);
    open.current = false;
    expect(keys(ok, 'TRK1002').defaultPrevented).toBe(false);
    expect(onCaught).toHaveBeenCalledTimes(1);
  });
});
