import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../api/query-client.js';
import type { UserInfo } from '@kontor/contracts';
import { useAuth } from '../../auth/store.js';
import { FloorRulesCard } from './FloorRulesCard.js';

const envelope = (data: unknown) => new Response(JSON.stringify({ code: 'OK', data }), { headers: { 'Content-Type': 'application/json' } });
const TRACKING = { id: 7, key: 'tracking.rules', value: { finishAfterDays: 10 }, description: 'pace', version: 3 };

/** The server: no `manifests.rules` yet, a stored `tracking.rules`; every write is kept. */
function server() {
  const writes: Array<{ method: string; url: string; body: Record<string, unknown> }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      if (method !== 'GET') {
        writes.push({ method, url, body: JSON.parse(String(init!.body)) as Record<string, unknown> });
        return envelope({});
      }
      if (url.includes('key=tracking.rules')) return envelope({ data: [TRACKING], total: 1, next: null });
      if (url.startsWith('/v0/settings/?')) return envelope({ data: [], total: 0, next: null });
      return new Response('', { status: 404 });
    }),
  );
  return writes;
}

const card = () =>
  render(
    <QueryClientProvider client={queryClient}>
      <FloorRulesCard />
    </QueryClientProvider>,
  );

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  queryClient.clear();
  useAuth.setState({ user: null });
});

describe('floor rules', () => {
  it('refuses a cut-off that is not HH:MM, then saves a valid one with the stored tracking rules replaced at their version', async () => {
    useAuth.setState({ user: { roles: [], privileges: ['sys.settings.list', 'sys.settings.edit'] } as unknown as UserInfo });
    const writes = server();
    const view = card();
    const cutoff = await view.findByTestId('floor-rules-cutoff');
    await waitFor(() => expect((cutoff as HTMLInputElement).value).toBe('18:00'));
    expect((view.getByTestId('floor-rules-finishAfterDays') as HTMLInputElement).value).toBe('10');

    fireEvent.change(cutoff, { target: { value: '25:00' } });
    fireEvent.click(view.getByTestId('floor-rules-save'));
    expect(await view.findByText('floorRules.cutoffRule')).toBeTruthy();
    expect(writes).toEqual([]);

    fireEvent.change(cutoff, { target: { value: '17:30' } });
    fireEvent.click(view.getByTestId('floor-rules-save'));
    await waitFor(() => expect(writes).toHaveLength(2));
    expect(writes[0]).toEqual({
      method: 'POST',
      url: '/v0/settings/',
      body: { key: 'manifests.rules', value: { cutoff: '17:30' }, description: 'floorRules.cutoff' },
    });
    expect(writes[1]).toEqual({
      method: 'PUT',
      url: '/v0/settings/7',
      body: { key: 'tracking.rules', value: { finishAfterDays: 10, perCarrierPerPoll: 200, perCarrierPerSecond: 10 }, description: 'pace', version: 3 },
    });
  });

  it('shows the rules without a save button to a user who may not edit settings', async () => {
    useAuth.setState({ user: { roles: [], privileges: ['sys.settings.list'] } as unknown as UserInfo });
    server();
    const view = card();
    await view.findByTestId('floor-rules-cutoff');
    expect(view.queryByTestId('floor-rules-save')).toBeNull();
  });
});
