import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ConflictAlert, DrawerSaveButtons } from './FormDrawerParts.js';

describe('form drawer parts', () => {
  it('save and cancel call their handlers; save is named by the test id and spins while saving', () => {
    const onSave = vi.fn();
    const onCancel = vi.fn();
    const { rerender } = render(<DrawerSaveButtons saving={false} onCancel={onCancel} onSave={onSave} testId="order" />);
    fireEvent.click(screen.getByTestId('order-save'));
    expect(onSave).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getAllByRole('button')[0]!);
    expect(onCancel).toHaveBeenCalledTimes(1);
    rerender(<DrawerSaveButtons saving onCancel={onCancel} onSave={onSave} testId="order" />);
    expect(screen.getByTestId('order-save').className).toContain('loading');
  });

  it('the conflict alert says what it is given and reloads on its button', () => {
    const onReload = vi.fn(async () => undefined);
    render(<ConflictAlert onReload={onReload} testId="order" title="Changed meanwhile" />);
    expect(screen.getByTestId('order-conflict').textContent).toContain('Changed meanwhile');
    fireEvent.click(screen.getByTestId('order-reload'));
    expect(onReload).toHaveBeenCalledTimes(1);
  });
});
