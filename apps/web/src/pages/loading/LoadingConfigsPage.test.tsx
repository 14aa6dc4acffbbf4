import type { UserInfo } from '@kontor/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../api/query-client.js';
import { useAuth } from '../../auth/store.js';
import { setNotifier, type Notifier } from '../../notify/queue.js';
import LoadingConfigsPage from './LoadingConfigsPage.js';
import { OPEN_PALLET } from './pallet.fixture.js';

const envelope = (data: unknown) => new Response(JSON.stringify({ code: 'OK', data }), { headers: { 'Content-Type': 'application/json' } });

const CLOSED = { ...OPEN_PALLET, trackingCount: 2, state: 'closed', closedAt: '2026-11-25T09:00:00.000Z' };

/** The pallet list with one handed-over pallet; the upload answers as `upload` says; the calls are kept. */
function server(upload: () => Response) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = String(input);
      calls.push(`${init?.method ?? 'GET'} ${url.split('?')[0]}`);
      if (url.startsWith('/v0/wms/pallets?')) return envelope({ data: [CLOSED], total: 1, next: null });
      if (url.startsWith('/v0/statics/upload/intern')) return upload();
      if (url.endsWith('/signed')) return envelope(CLOSED);
      return new Response('', { status: 404 });
    }),
  );
  return calls;
}

function page() {
  const shown = { success: [] as string[], error: [] as string[] };
  setNotifier({ success: (text: string) => shown.success.push(text), error: (text: string) => shown.error.push(text) } as unknown as Notifier);
  useAuth.setState({ user: { roles: [], merchantId: null, privileges: ['wms.pallets.edit'] } as unknown as UserInfo, allowed: [] });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={['/wEP/loadingConfigs?state=closed']}>
        <LoadingConfigsPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { view, shown };
}

const choose = async (view: ReturnType<typeof render>) => {
  await waitFor(() => expect(view.container.querySelector('input[type="file"]')).toBeTruthy());
  const input = view.container.querySelector<HTMLInputElement>('input[type="file"]')!;
  fireEvent.change(input, { target: { files: [new File(['%PDF-1.4'], 'signed.pdf', { type: 'application/pdf' })] } });
};

afterEach(() => {
  vi.unstubAllGlobals();
  queryClient.clear();
  setNotifier(null);
  useAuth.setState({ user: null, allowed: null });
});

describe('loading configs: the signed copy of a handover', () => {
  it('says the signed copy is stored with its pallet', async () => {
    const calls = server(() => envelope({ id: 'f-1', name: 'signed.pdf' }));
    const { view, shown } = page();
    await choose(view);
    await waitFor(() => expect(shown.success).toEqual(['loadingConfigs.signedStored']));
    expect(calls).toContain('POST /v0/wms/pallets/LD20260001/signed');
  });

  it('a refused upload is told once (by the request layer) and stores nothing', async () => {
    const calls = server(
      () => new Response(JSON.stringify({ code: 'FileTooLarge', data: 'The file is too large.' }), { headers: { 'Content-Type': 'application/json' } }),
    );
    const { view, shown } = page();
    await choose(view);
    await waitFor(() => expect(calls).toContain('POST /v0/statics/upload/intern'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls).not.toContain('POST /v0/wms/pallets/LD20260001/signed');
    expect(shown.success).toEqual([]);
  });
});
