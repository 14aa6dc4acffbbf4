import { EPOCH_CURSOR } from '@kontor/contracts';
import { request } from './request.js';

export interface PageParams {
  /** Page size (l). */
  limit: number;
  /** Cursor (o): ISO time of the last item of the previous page; epoch start for the first page. */
  cursor?: string;
  search?: string;
  filters?: Record<string, unknown>;
}

/**
 * Paged list reads (spec §7): `l`, `o`, `q` plus filter fields. Each new search cancels the one still
 * in flight, so a slow answer to an old search never overwrites a newer one.
 */
export class PagedList<T> {
  private controller: AbortController | null = null;

  constructor(private readonly url: string) {}

  fetch(params: PageParams): Promise<T> {
    this.controller?.abort();
    const controller = new AbortController();
    this.controller = controller;
    return request<T>({
      url: this.url,
      params: { ...(params.filters ?? {}), l: params.limit, o: params.cursor ?? EPOCH_CURSOR, q: params.search },
      signal: controller.signal,
    });
  }

  cancel(): void {
    this.controller?.abort();
    this.controller = null;
  }
}
