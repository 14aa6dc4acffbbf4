import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_LOAD_TIMEOUT_MS, isChunkLoadError, loadChunk } from './chunk.js';

describe('chunk loading (spec §8: 120 s, ChunkLoadError)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('fails with ChunkLoadError when the chunk has not arrived after 120 s', async () => {
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120_000);
    const outcome = loadChunk(() => new Promise<never>(() => undefined)).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(119_999);
    let settled = false;
    void outcome.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await outcome;
    expect(isChunkLoadError(error)).toBe(true);
  });

  it('turns a failed request into ChunkLoadError', async () => {
    const error = await loadChunk(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module'))).catch((e: unknown) => e);
    expect(isChunkLoadError(error)).toBe(true);
    expect((error as Error).message).toContain('Failed to fetch');
  });

  it('answers the chunk when it arrives in time', async () => {
    const outcome = loadChunk(() => new Promise((resolve) => setTimeout(() => resolve('screen'), 119_000)));
    await vi.advanceTimersByTimeAsync(119_000);
    await expect(outcome).resolves.toBe('screen');
    await vi.advanceTimersByTimeAsync(2_000);
  });
});
