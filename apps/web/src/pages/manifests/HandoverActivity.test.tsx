import type { HandoverActivity as Activity } from '@kontor/contracts/domains/manifests-responses';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../api/query-client.js';
import { de } from '../../i18n/de.js';
import { i18n } from '../../i18n/index.js';
import { screensDe } from '../../i18n/screens-de.js';
import { screensEn } from '../../i18n/screens-en.js';
import { HandoverActivity } from './HandoverActivity.js';

const DAY: Activity = {
  day: '2026-11-25',
  rows: [
    { merchantId: 1, merchant: 'Anker Innovations DE', pallets: 2, parcels: 3 },
    { merchantId: 2, merchant: 'EcoFlow Europe', pallets: 1, parcels: 3 },
  ],
  pallets: 3,
  parcels: 6,
};
const EMPTY: Activity = { day: '2020-01-01', rows: [], pallets: 0, parcels: 0 };

const json = (data: unknown) => new Response(JSON.stringify({ code: 'OK', data }), { headers: { 'Content-Type': 'application/json' } });

/** The activity call answers `DAY` for its day and `EMPTY` for any other; the CSV answers a file. */
function serve() {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = String(input);
      calls.push(url);
      if (url.includes('/activity.csv')) return new Response('\ufeffDay,Merchant\r\n', { headers: { 'Content-Type': 'text/csv; charset=utf-8' } });
      if (url.includes('/v0/wms/manifests/activity')) return json(url.includes(`day=${DAY.day}`) ? DAY : EMPTY);
      return new Response('', { status: 404 });
    }),
  );
  return calls;
}

const show = (day: string) =>
  render(
    <QueryClientProvider client={queryClient}>
      <HandoverActivity day={day} />
    </QueryClientProvider>,
  );

beforeAll(() => {
  i18n.addResourceBundle('en', 'translation', screensEn, true, true);
  i18n.addResourceBundle('de', 'translation', { ...de, ...screensDe }, true, true);
});

afterEach(async () => {
  vi.unstubAllGlobals();
  queryClient.clear();
  await i18n.changeLanguage('en');
});

describe('the handover activity on the manifests screen (issue 19 item 8)', () => {
  it('shows per merchant the pallets and parcels handed over on the day, with the totals', async () => {
    const calls = serve();
    const view = show(DAY.day);
    await view.findByText('Anker Innovations DE');
    const rows = [...view.getByTestId('handover-activity-table').querySelectorAll('tbody tr.ant-table-row')].map((tr) =>
      [...tr.querySelectorAll('td')].map((td) => td.textContent),
    );
    expect(rows).toEqual([
      ['Anker Innovations DE', '2', '3'],
      ['EcoFlow Europe', '1', '3'],
    ]);
    expect([...view.getByTestId('handover-activity-total').querySelectorAll('td')].map((td) => td.textContent)).toEqual(['Total', '3', '6']);
    expect(calls.some((u) => u.includes(`/v0/wms/manifests/activity?day=${DAY.day}`))).toBe(true);
  });

  it('exports the same day as CSV', async () => {
    const calls = serve();
    URL.createObjectURL = vi.fn(() => 'blob:activity');
    URL.revokeObjectURL = vi.fn();
    const view = show(DAY.day);
    await view.findByText('EcoFlow Europe');
    fireEvent.click(view.getByTestId('handover-activity-csv'));
    await waitFor(() => expect(calls).toContain(`/v0/wms/manifests/activity.csv?day=${DAY.day}`));
  });

  it('says in German when nothing was handed over, and offers no empty export', async () => {
    serve();
    await i18n.changeLanguage('de');
    const view = show(EMPTY.day);
    await view.findByText('An diesem Tag wurde nichts übergeben.');
    expect(view.getByText('Übergabeaktivität')).toBeTruthy();
    expect(view.getByTestId('handover-activity-csv').hasAttribute('disabled')).toBe(true);
    expect(view.queryByTestId('handover-activity-total')).toBeNull();
  });
});
