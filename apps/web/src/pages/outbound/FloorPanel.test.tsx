import type { FloorSummary } from '@kontor/contracts/domains/shipping-responses';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../api/query-client.js';
import { cn } from '../../i18n/cn.js';
import { de } from '../../i18n/de.js';
import { i18n } from '../../i18n/index.js';
import { screensCn } from '../../i18n/screens-cn.js';
import { screensDe } from '../../i18n/screens-de.js';
import { screensEn } from '../../i18n/screens-en.js';
import { FloorPanel } from './FloorPanel.js';

const LATE = {
  id: 7,
  unid: 'MO2026000007',
  merchantName: 'Anker Innovations DE',
  rsd: '2026-11-20',
  createdAt: '2026-11-18T08:00:00Z',
  exceptionReason: '',
  exceptionOwner: null,
};
const SUMMARY = { stations: [], late: { total: 1, orders: [LATE] }, exceptions: { total: 0, orders: [] } } as unknown as FloorSummary;

beforeAll(() => {
  i18n.addResourceBundle('en', 'translation', screensEn, true, true);
  i18n.addResourceBundle('de', 'translation', { ...de, ...screensDe }, true, true);
  i18n.addResourceBundle('cn', 'translation', { ...cn, ...screensCn }, true, true);
});

afterEach(async () => {
  vi.unstubAllGlobals();
  queryClient.clear();
  await i18n.changeLanguage('en');
});

describe('the floor panel of the outbound views', () => {
  it.each([
    ['en', 'Requested ship date: 2026-11-20'],
    ['de', 'Wunschversanddatum: 2026-11-20'],
    ['cn', '要求发货日期：2026-11-20'],
  ])('words a late order’s requested ship date in %s from the catalogue, punctuation included', async (language, text) => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ code: 'OK', data: SUMMARY }), { headers: { 'Content-Type': 'application/json' } })),
    );
    await i18n.changeLanguage(language);
    const view = render(
      <QueryClientProvider client={queryClient}>
        <FloorPanel view="warehouse" onStatuses={() => undefined} onOpen={() => undefined} />
      </QueryClientProvider>,
    );
    expect((await view.findByText(text)).textContent).toBe(text);
  });
});
