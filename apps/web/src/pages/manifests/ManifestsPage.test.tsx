import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../api/query-client.js';
import { envelope } from '../../test/scan-station.js';
import ManifestsPage from './ManifestsPage.js';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  queryClient.clear();
});

describe('manifests page', () => {
  it('says the day is being read, and when the read fails says so with a retry instead of a blank page', async () => {
    const answers: Array<() => Response> = [
      () => new Response('', { status: 500 }),
      () => envelope({ day: '2026-11-25', cutoff: '18:00', cutoffPassed: false, groups: [] }),
    ];
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        await held;
        return answers.shift()!();
      }),
    );
    const view = render(
      <QueryClientProvider client={queryClient}>
        <ManifestsPage />
      </QueryClientProvider>,
    );
    expect(view.getByTestId('manifests-loading')).toBeTruthy();
    release();
    const failed = await view.findByTestId('manifests-error');
    expect(failed.textContent).toContain('manifests.loadFailed');
    expect(view.queryByTestId('manifests-loading')).toBeNull();

    fireEvent.click(view.getByTestId('manifests-retry'));
    await waitFor(() => expect(view.getByText('manifests.empty')).toBeTruthy());
    expect(view.queryByTestId('manifests-error')).toBeNull();
  });
});
