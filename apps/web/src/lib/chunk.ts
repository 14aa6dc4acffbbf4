/** Spec §8, §9: a screen's code that has not arrived after 120 s fails with ChunkLoadError. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/** A chunk (lazily loaded code) that failed to arrive or did not arrive in time. */
export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError';
}

export const isChunkLoadError = (error: unknown): boolean => error instanceof Error && error.name === 'ChunkLoadError';

/**
 * The chunk `load` fetches, failing with ChunkLoadError when the request fails or takes longer than
 * `timeoutMs` (a hanging request would otherwise leave the screen spinning for ever).
 */
export function loadChunk<T>(load: () => Promise<T>, timeoutMs = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError(`Loading chunk timed out after ${timeoutMs / 1000} s`)), timeoutMs);
    load().then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(new ChunkLoadError(error instanceof Error ? error.message : String(error)));
      },
    );
  });
}
