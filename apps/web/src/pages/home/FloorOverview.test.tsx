import type { UserInfo } from '@kontor/contracts';
import type { HomeFloor } from '@kontor/contracts/domains/shipping-responses';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../api/query-client.js';
import { useAuth } from '../../auth/store.js';
import { de } from '../../i18n/de.js';
import { i18n } from '../../i18n/index.js';
import { screensDe } from '../../i18n/screens-de.js';
import { screensEn } from '../../i18n/screens-en.js';
import { FloorOverview } from './FloorOverview.js';

// The chart itself (ECharts) is not what these tests look at: a stand-in shows the hour the axis runs to.
vi.mock('./ThroughputChart.js', () => ({ default: ({ untilHour }: { untilHour: number }) => <div data-testid="chart-until">{untilHour}</div> }));

const envelope = (data: unknown) => new Response(JSON.stringify({ code: 'OK', data }), { headers: { 'Content-Type': 'application/json' } });

const FLOOR: HomeFloor = {
  day: '2026-11-25',
  timeZone: 'Asia/Tokyo',
  states: [{ key: 'readyToPick', count: 3, statuses: [0, 3] }],
  loaded: 0,
  late: { count: 2, statuses: [0, 3], before: '2026-11-25' },
  exceptions: { key: 'exceptions', count: 1, statuses: [5] },
  inboundDue: { count: 0, statuses: [1] },
  tickets: { count: 0, statuses: [1, 2] },
  throughput: [{ hour: 9, packed: 1, shipped: 0 }],
  stockWarnings: { waiting: { key: 'waiting', count: 0, statuses: [8] }, items: [] },
};

function renderFloor() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => (String(input).startsWith('/v0/home/floor') ? envelope(FLOOR) : new Response('', { status: 404 }))),
  );
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <FloorOverview />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeAll(() => {
  i18n.addResourceBundle('en', 'translation', screensEn, true, true);
  i18n.addResourceBundle('de', 'translation', { ...de, ...screensDe }, true, true);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  queryClient.clear();
  useAuth.setState({ user: null, allowed: null });
});

describe('the floor on the home page', () => {
  it("runs the throughput chart to the current hour in the warehouse's time zone and names that zone", async () => {
    // 00:30 UTC is 09:30 in Tokyo (and 01:30 in Berlin, which the chart used to assume).
    vi.useFakeTimers({ now: new Date('2026-11-25T00:30:00Z'), toFake: ['Date'] });
    useAuth.setState({ user: { roles: ['admin'], merchantId: null, privileges: [] } as unknown as UserInfo, allowed: [] });
    const view = renderFloor();
    expect((await view.findByTestId('home-throughput-zone')).textContent).toBe('Asia/Tokyo');
    expect((await view.findByTestId('chart-until')).textContent).toBe('9');
  });

  it.each([
    ['office staff', null, ['/eEP/outbound-orders', '/eEP/tickets'], '/eEP/outbound-orders'],
    ['warehouse staff', null, ['/eEP/outbound-orders', '/wEP/outbound'], '/eEP/outbound-orders'],
    ['a merchant', 3, ['/mEP/outbound-orders'], '/mEP/outbound-orders'],
  ])('opens the order figures of %s in a list that user may open', async (_who, merchantId, allowed, list) => {
    useAuth.setState({ user: { roles: ['user'], merchantId, privileges: [] } as unknown as UserInfo, allowed });
    const view = renderFloor();
    const late = await view.findByTestId('home-floor-late-link');
    expect(late.getAttribute('href')).toBe(`${list}?status=0,3&rsd=..2026-11-24`);
    expect(view.getByTestId('home-floor-readyToPick-link').getAttribute('href')).toBe(`${list}?status=0,3`);
  });

  it('opens the loaded figure as the list of loaded pallets, which it counts', async () => {
    useAuth.setState({ user: { roles: ['admin'], merchantId: null, privileges: [] } as unknown as UserInfo, allowed: [] });
    const view = renderFloor();
    const loaded = await view.findByTestId('home-floor-loaded-link');
    expect(loaded.getAttribute('href')).toBe('/wEP/loadingConfigs?state=loaded');
    expect(view.getByTestId('home-floor-tickets-link').getAttribute('href')).toBe('/eEP/tickets?status=1,2');
  });

  it('shows a merchant no tickets figure (it has no ticket list to open) and words its stock warnings in its language', async () => {
    useAuth.setState({ user: { roles: ['user'], merchantId: 3, privileges: [] } as unknown as UserInfo, allowed: ['/mEP/outbound-orders'] });
    const view = renderFloor();
    await view.findByTestId('home-floor-late-link');
    expect(view.queryByTestId('home-floor-tickets')).toBeNull();
    expect(view.queryByTestId('home-floor-loaded')).toBeNull();
    expect(view.getByTestId('home-stock-warnings').textContent).toContain('Stock warnings · Orders waiting for stock: 0');
    await i18n.changeLanguage('de');
    try {
      expect((await view.findByTestId('home-stock-warnings')).textContent).toContain('Aufträge warten auf Bestand: 0');
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('opens each figure as its filtered list: late orders up to the day before the warehouse day', async () => {
    useAuth.setState({ user: { roles: ['admin'], merchantId: null, privileges: [] } as unknown as UserInfo, allowed: [] });
    const view = renderFloor();
    const late = await view.findByTestId('home-floor-late-link');
    expect(late.getAttribute('href')).toBe('/eEP/outbound-orders?status=0,3&rsd=..2026-11-24');
    expect(view.getByTestId('home-floor-readyToPick-link').getAttribute('href')).toBe('/eEP/outbound-orders?status=0,3');
    expect(view.getByTestId('home-floor-late').getAttribute('data-count')).toBe('2');
  });

  it('says the figures cannot be read instead of loading for ever when the call fails', async () => {
    useAuth.setState({ user: { roles: ['admin'], merchantId: null, privileges: [] } as unknown as UserInfo, allowed: [] });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ code: 'InternalError', data: null }), { headers: { 'Content-Type': 'application/json' } })),
    );
    const view = render(
      <QueryClientProvider client={queryClient}>
        <MemoryRouter>
          <FloorOverview />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(await view.findByTestId('home-floor-unavailable')).toBeTruthy();
    expect(view.queryByTestId('home-floor-loading')).toBeNull();
  });
});
