import { cleanup, fireEvent, render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PalletConfigDialog } from './PalletConfigDialog.js';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('loading config dialog', () => {
  it('says why "Save" failed when no field is to blame, and stays open', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('', { status: 503 })),
    );
    const onClose = vi.fn();
    render(<PalletConfigDialog pallet="new" onClose={onClose} />);
    const save = await waitFor(() => {
      const button = document.querySelector<HTMLElement>('[data-testid="pallet-save"]');
      expect(button).toBeTruthy();
      return button!;
    });
    fireEvent.change(document.querySelector('[data-testid="pallet-plate"]')!, { target: { value: 'B-XY 99' } });
    fireEvent.click(save);
    await waitFor(() => expect(document.querySelector('[data-testid="pallet-save-error"]')).toBeTruthy());
    expect(vi.mocked(fetch)).toHaveBeenCalledTimes(1);
    expect(onClose).not.toHaveBeenCalled();
  });
});
