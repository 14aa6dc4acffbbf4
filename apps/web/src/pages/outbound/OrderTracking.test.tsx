import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../api/query-client.js';
import { OrderTracking } from './OrderTracking.js';

const envelope = (data: unknown) => new Response(JSON.stringify({ code: 'OK', data }), { headers: { 'Content-Type': 'application/json' } });
const event = (id: number, trackingNumber: string, at: string, text: string) => ({
  id,
  carrier: 'sandbox',
  trackingNumber,
  code: '',
  kind: 'in_transit',
  exception: '',
  text,
  location: '',
  at,
});

afterEach(() => {
  vi.unstubAllGlobals();
  queryClient.clear();
});

describe("an order's tracking tab", () => {
  it('shows each parcel newest first and says which time zone the times are in', async () => {
    // The server answers newest first over all parcels; a late webhook can still arrive out of order.
    const events = [
      event(1, 'P1', '2026-11-25T08:00:00.000Z', 'sorted'),
      event(2, 'P1', '2026-11-25T10:00:00.000Z', 'out for delivery'),
      event(3, 'P2', '2026-11-25T09:00:00.000Z', 'second parcel'),
      event(4, 'P1', '2026-11-25T06:00:00.000Z', 'announced'),
    ];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string) => (String(input).includes('/tracking') ? envelope(events) : new Response('', { status: 404 }))),
    );
    const view = render(
      <QueryClientProvider client={queryClient}>
        <OrderTracking orderId={7} />
      </QueryClientProvider>,
    );
    await view.findByTestId('order-tracking');
    const shown = (await view.findAllByTestId('order-tracking-event')).map((e) => e.textContent ?? '');
    expect(shown.map((text) => text.replace(/tracking\.kind\.in_transit/, '').split('2026')[0])).toEqual([
      'out for delivery',
      'sorted',
      'announced',
      'second parcel',
    ]);
    expect(view.getAllByTestId('tracking-time-zone')).toHaveLength(1);
  });
});
