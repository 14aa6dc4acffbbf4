import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../api/query-client.js';
import TicketsPage from './TicketsPage.js';

const envelope = (data: unknown) => new Response(JSON.stringify({ code: 'OK', data }), { headers: { 'Content-Type': 'application/json' } });

/** The server: an empty ticket page; every list call's address is kept. */
function server() {
  const lists: URLSearchParams[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = String(input);
      if (url.startsWith('/v0/tickets/?')) {
        lists.push(new URLSearchParams(url.split('?')[1]));
        return envelope({ data: [], total: 0 });
      }
      if (url.startsWith('/v0/merchants/opts')) return envelope([]);
      return new Response('', { status: 404 });
    }),
  );
  return lists;
}

const page = (address: string) =>
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[address]}>
        <TicketsPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  queryClient.clear();
});

describe('tickets list', () => {
  it('reads its status filter from the address, as the home floor links to it', async () => {
    const lists = server();
    page('/eEP/tickets?status=100');
    await waitFor(() => expect(lists.length).toBeGreaterThan(0));
    expect(lists.at(-1)!.getAll('status')).toEqual(['100']);
  });

  it('lists open and waiting tickets when the address names no filter', async () => {
    const lists = server();
    page('/eEP/tickets');
    await waitFor(() => expect(lists.length).toBeGreaterThan(0));
    expect(lists.at(-1)!.getAll('status')).toEqual(['1', '2']);
  });
});
