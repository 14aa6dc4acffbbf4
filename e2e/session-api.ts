import type { Page } from '@playwright/test';

/** A call to the API: the envelope's code and data (an answer that is not JSON reads as code `HTTP <status>`). */
export type Call = (method: string, url: string, data?: unknown, idempotencyKey?: string) => Promise<{ code: string; data: any }>;

/** Calls the API with the page's session (set-up and checks through the API, not the UI), with an Idempotency-Key when given. */
export async function sessionApi(page: Page): Promise<Call> {
  const token = (await page.context().cookies()).find((c) => c.name === 'Admin-Token')?.value ?? '';
  return async (method, url, data, idempotencyKey) => {
    const headers = { 'X-Token': token, ...(idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : {}) };
    const res = await page.request.fetch(url, { method, data: data as never, headers });
    return (await res.json().catch(() => ({ code: `HTTP ${res.status()}`, data: null }))) as { code: string; data: any };
  };
}
