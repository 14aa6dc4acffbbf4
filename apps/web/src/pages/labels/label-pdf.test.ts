import { describe, expect, it } from 'vitest';
import { sourceOf, viewerPath } from './label-pdf.js';

describe('the PDF viewer shows only documents of this application', () => {
  const origin = 'https://kontor.example';
  it('accepts an object URL of this origin and a server path under /v0/', () => {
    expect(sourceOf('blob:https://kontor.example/4c1f-9a', origin)).toBe('blob');
    expect(sourceOf('/v0/labels/box?ref=SO-1&count=2', origin)).toBe('server');
    expect(sourceOf(null, origin)).toBe('none');
  });
  it('refuses other sites, scripts and protocol-relative addresses', () => {
    for (const url of [
      'https://evil.example/x.pdf',
      'javascript:alert(1)',
      'blob:https://evil.example/1',
      '//evil.example/v0/x',
      '/v0//evil.example',
      'data:application/pdf;base64,AA',
    ]) {
      expect(sourceOf(url, origin), url).toBe('refused');
    }
  });
  it('carries the address and the name in the query', () => {
    const path = viewerPath('blob:https://kontor.example/1', 'barcodes code128.pdf');
    const params = new URLSearchParams(path.split('?')[1]);
    expect(path.startsWith('/pdfViewer?')).toBe(true);
    expect(params.get('url')).toBe('blob:https://kontor.example/1');
    expect(params.get('name')).toBe('barcodes code128.pdf');
  });
});
