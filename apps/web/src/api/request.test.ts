import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fileNameOf } from './download.js';
import { ApiError } from './errors.js';
import { configureRequest } from './hooks.js';
import { request } from './request.js';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let shown: Array<{ text: string; dialog?: { title: string; text: string; modal: boolean } }>;
let recorded: string[];
let gone: number;
let active: number;
let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  shown = [];
  recorded = [];
  gone = 0;
  active = 0;
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  configureRequest({
    token: () => 'tok',
    language: () => 'de',
    translate: (key) => (key === 'error.NotFound' ? 'Nicht gefunden' : key === 'error.common' ? 'Fehler' : key),
    showError: (text, dialog) => shown.push({ text, dialog }),
    recordError: (e) => recorded.push(e.code),
    sessionGone: () => gone++,
    activity: () => active++,
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('request', () => {
  it('sends the token and language and answers data of an OK envelope', async () => {
    fetchMock.mockResolvedValue(json({ code: 'OK', data: { a: 1 } }));
    await expect(request({ url: '/v0/x', params: { q: 'abc', empty: '' } })).resolves.toEqual({ a: 1 });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/v0/x?q=abc');
    expect(init.headers['X-Token']).toBe('tok');
    expect(init.headers['X-Lang']).toBe('de');
  });

  it('restarts the idle clock on a user call but not on a background poll, which says so to the server', async () => {
    fetchMock.mockImplementation(async () => json({ code: 'OK', data: 1 }));
    await request({ url: '/v0/x' });
    expect(active).toBe(1);
    await request({ url: '/v0/x', background: true });
    expect(active).toBe(1);
    expect(fetchMock.mock.calls[0]![1].headers['X-Background']).toBeUndefined();
    expect(fetchMock.mock.calls[1]![1].headers['X-Background']).toBe('1');
  });

  it('treats ContinueWithoutOK as success', async () => {
    fetchMock.mockResolvedValue(json({ code: 'ContinueWithoutOK', data: 5 }));
    await expect(request({ url: '/v0/x' })).resolves.toBe(5);
  });

  it('toasts the translated code, shows a differing data text in a dialog, records it and rejects', async () => {
    fetchMock.mockResolvedValue(json({ code: 'NotFound', data: 'Auftrag MO1 fehlt' }));
    const err = await request({ url: '/v0/x' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).code).toBe('NotFound');
    expect(shown[0]!.text).toBe('Nicht gefunden');
    expect(shown[0]!.dialog).toMatchObject({ text: 'Auftrag MO1 fehlt', modal: false });
    expect(recorded).toEqual(['NotFound']);
  });

  it('opens a modal for ToFront with the data text', async () => {
    fetchMock.mockResolvedValue(json({ code: 'ToFront', data: 'Bitte Palette wechseln' }));
    await request({ url: '/v0/x' }).catch(() => undefined);
    expect(shown[0]!.dialog).toMatchObject({ text: 'Bitte Palette wechseln', modal: true });
  });

  it('stays silent for CaptchaRequired', async () => {
    fetchMock.mockResolvedValue(json({ code: 'CaptchaRequired', data: 'CaptchaRequired' }));
    await expect(request({ url: '/v0/x' })).rejects.toBeInstanceOf(ApiError);
    expect(shown).toEqual([]);
  });

  it('neither shows nor logs a code the caller expects', async () => {
    fetchMock.mockResolvedValue(json({ code: 'NotFound', data: 'x' }));
    await expect(request({ url: '/v0/x', expectedCodes: ['NotFound'] })).rejects.toBeInstanceOf(ApiError);
    expect(shown).toEqual([]);
    expect(recorded).toEqual([]);
  });

  it('runs the session-expired flow on HTTP 403', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 403 }));
    const err = await request({ url: '/v0/x' }).catch((e: unknown) => e);
    expect((err as ApiError).kind).toBe('forbidden');
    expect(gone).toBe(1);
  });

  it('retries a read after network failures, but never a plain write', async () => {
    fetchMock
      .mockRejectedValueOnce(new TypeError('down'))
      .mockRejectedValueOnce(new TypeError('down'))
      .mockResolvedValue(json({ code: 'OK', data: 1 }));
    await expect(request({ url: '/v0/x' })).resolves.toBe(1);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    fetchMock.mockReset();
    fetchMock.mockRejectedValue(new TypeError('down'));
    const err = await request({ url: '/v0/x', method: 'POST', data: {} }).catch((e: unknown) => e);
    expect((err as ApiError).kind).toBe('network');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  }, 10_000);

  it('reports a non-envelope answer (a proxy error page) as a server problem', async () => {
    fetchMock.mockResolvedValue(new Response('<html>Bad gateway</html>', { status: 502 }));
    const err = await request({ url: '/v0/x' }).catch((e: unknown) => e);
    expect((err as ApiError).kind).toBe('http');
    expect((err as ApiError).status).toBe(502);
    expect(shown).toHaveLength(1);
  });
});

describe('fileNameOf', () => {
  it('reads filename* before filename', () => {
    expect(fileNameOf(`attachment; filename="a.xlsx"; filename*=UTF-8''%E5%87%BA%E5%BA%93.xlsx`, 'x')).toBe('出库.xlsx');
    expect(fileNameOf('attachment; filename="orders.csv"', 'x')).toBe('orders.csv');
    expect(fileNameOf(null, 'fallback.bin')).toBe('fallback.bin');
  });
});
