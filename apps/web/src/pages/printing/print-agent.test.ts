import { afterEach, describe, expect, it, vi } from 'vitest';
import { agentPrint, agentPrinters, extensionOf, jobFileName, toBase64 } from './print-agent.js';
import { parseEvent } from './use-print-queue.js';

const b64 = (text: string) => btoa(text);

afterEach(() => vi.unstubAllGlobals());

describe('print station helpers', () => {
  it('encodes large documents to base64 in slices', () => {
    const bytes = new Uint8Array(200_000).map((_, i) => i % 256);
    expect(atob(toBase64(bytes)).length).toBe(200_000);
    expect(toBase64(new TextEncoder().encode('%PDF-1.4'))).toBe(b64('%PDF-1.4'));
  });

  it('names the file by what the document is, with a name the agent accepts', () => {
    expect(extensionOf(b64('%PDF-1.7 ...'))).toBe('pdf');
    expect(extensionOf(b64('^XA^FO50,50^XZ'))).toBe('zpl');
    expect(extensionOf(b64('\x89PNG\r\n\x1a\n....'))).toBe('png');
    expect(jobFileName('12-MO 1001/../x', 'pdf')).toBe('12-MO_1001_.._x.pdf');
    expect(jobFileName('../', 'pdf')).toBe('job.pdf');
  });

  it('reads print events as objects and as the PDA’s JSON text', () => {
    expect(parseEvent({ type: 'previewUrl', previewUrl: '/v0/x', jobId: 3 })).toMatchObject({ jobId: 3 });
    expect(parseEvent('{"type":"printSN","sn":"X1"}' as never)).toEqual({ type: 'printSN', sn: 'X1' });
    expect(parseEvent('not json' as never)).toBeNull();
  });

  it('asks the agent for its printers and says offline when nothing answers', async () => {
    const fetchMock = vi.fn(
      async (url: string) => new Response(JSON.stringify(url.endsWith('/printers') ? { printers: ['Zebra'] } : { status: 'running', service: 'PrintBridge' })),
    );
    vi.stubGlobal('fetch', fetchMock);
    expect(await agentPrinters('http://localhost:9100/')).toEqual(['Zebra']);
    expect(fetchMock.mock.calls.map((c) => c[0])).toEqual(['http://localhost:9100/', 'http://localhost:9100/printers']);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    expect(await agentPrinters('http://localhost:9100')).toBeNull();
  });

  it('posts the PrintBridge body and rejects with the agent’s reason', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ status: 'error', error: 'unknown printer "X"' }), { status: 400 }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(agentPrint('http://localhost:9100', 'X', 'JVBERi0=', 'a.pdf')).rejects.toThrow('unknown printer "X"');
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toEqual({ printer: 'X', data: 'JVBERi0=', id: 'a.pdf' });
  });
});
