import { fireEvent, render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OutboundOrderRow } from './outbound-api.js';
import { StatusDialog } from './StatusDialog.js';

const envelope = (data: unknown) => new Response(JSON.stringify({ code: 'OK', data }), { headers: { 'Content-Type': 'application/json' } });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('handing an exception over (the problematic list)', () => {
  it('sends the owner (the current one unless changed) and the comment to the exception call, not a status change', async () => {
    const posts: Array<{ url: string; body: unknown }> = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string, init?: RequestInit) => {
        posts.push({ url: String(input), body: JSON.parse(String(init?.body ?? '{}')) });
        return envelope({ order: {}, lines: [], history: [], next: [], editable: false });
      }),
    );
    const done = vi.fn();
    const order = { id: 5, unid: 'MO2026000005', status: 11, exceptionOwner: 'warehouse', exceptionReason: 'damaged' } as unknown as OutboundOrderRow;
    const view = render(<StatusDialog order={order} change={{ kind: 'exception' }} onClose={() => undefined} onDone={done} />);
    expect(view.queryByTestId('outbound-status-reason')).toBeNull();
    fireEvent.change(await view.findByTestId('outbound-status-note'), { target: { value: 'call the customer' } });
    fireEvent.click(view.getByTestId('outbound-status-ok'));
    await waitFor(() => expect(done).toHaveBeenCalled());
    expect(posts).toEqual([{ url: '/v0/outbound/orders/5/exception', body: { owner: 'warehouse', note: 'call the customer' } }]);
  });
});
