import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../api/query-client.js';
import { useRealtime } from '../../realtime/events.js';
import PrintStationPage from './PrintStationPage.js';

const PDF = '%PDF-1.4 label';
const envelope = (data: unknown) => new Response(JSON.stringify({ code: 'OK', data }), { headers: { 'Content-Type': 'application/json' } });
const STATION = {
  station: { id: 4, name: 'Packing Station 1' },
  isStation: true,
  online: true,
  defaultAgentUrl: 'http://localhost:9100',
  printers: [],
  routes: [{ kind: 'label', printerId: 1, printerName: 'Zebra', agentUrl: '' }],
};

/** The server, the agent on this PC and what each was sent. */
function world(agentPrinters: string[], snAnswer?: Response) {
  const calls: Array<{ url: string; body?: unknown }> = [];
  const fetchMock = vi.fn(async (input: string, init?: RequestInit) => {
    const url = String(input);
    calls.push({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    if (url === 'http://localhost:9100/' && init?.method === 'POST') return new Response(JSON.stringify({ status: 'success', id: 'x' }));
    if (url === 'http://localhost:9100/') return new Response(JSON.stringify({ status: 'running', service: 'PrintBridge' }));
    if (url === 'http://localhost:9100/printers') return new Response(JSON.stringify({ printers: agentPrinters }));
    if (url.startsWith('/v0/print/station')) return envelope(STATION);
    if (url.startsWith('/v0/print/history?')) return envelope({ data: [] });
    if (url.includes('/report')) return envelope({});
    if (url.startsWith('/v0/utils/labelSNBase64')) return snAnswer ?? envelope({ base64: btoa(PDF) });
    if (url === '/v0/static/label-1') return new Response(PDF, { headers: { 'Content-Type': 'application/pdf' } });
    return new Response('', { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

const page = () =>
  render(
    <QueryClientProvider client={queryClient}>
      <PrintStationPage />
    </QueryClientProvider>,
  );

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  queryClient.clear();
  useRealtime.setState({ prints: [] });
});

describe('print station page', () => {
  it('prints a received label on the routed printer through the agent and reports it printed', async () => {
    const calls = world(['Zebra', 'Laser']);
    const view = page();
    await waitFor(() => expect(view.getByTestId('print-station-agent-status').textContent).toBe('printStation.agentStatus.running'));
    act(() =>
      useRealtime.getState().pushPrint({ type: 'previewUrl', previewUrl: '/v0/static/label-1', printer: 'Zebra', agentUrl: '', title: 'MO1001', jobId: 7 }),
    );
    await waitFor(() => expect(calls.some((c) => c.url === '/v0/print/history/7/report')).toBe(true));
    const printed = calls.find((c) => c.url === 'http://localhost:9100/' && c.body);
    expect(printed?.body).toEqual({ printer: 'Zebra', data: btoa(PDF), id: '7-MO1001.pdf' });
    expect(calls.find((c) => c.url === '/v0/print/history/7/report')?.body).toEqual({ state: 'printed', error: '' });
    await waitFor(() => expect(view.getByTestId('print-station-live').textContent).toContain('printStation.state.printed'));
  });

  it('reports a failure when the SN label service does not answer', async () => {
    const calls = world(['labels'], new Response('not here', { status: 404 }));
    const view = page();
    await waitFor(() => expect(view.getByTestId('print-station-agent-status').textContent).toBe('printStation.agentStatus.running'));
    act(() => useRealtime.getState().pushPrint({ type: 'printSN', sn: 'SN-1', printer: 'Zebra', jobId: 8 }));
    await waitFor(() => expect(calls.some((c) => c.url === '/v0/print/history/8/report')).toBe(true));
    expect(calls.find((c) => c.url === '/v0/print/history/8/report')?.body).toEqual({ state: 'failed', error: 'printStation.snUnavailable' });
    expect(calls.some((c) => c.url === 'http://localhost:9100/' && c.body)).toBe(false);
  });
});
