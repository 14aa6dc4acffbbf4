import { ApiError } from './errors.js';
import { requestHooks } from './hooks.js';
import type { Envelope } from '@kontor/contracts';
import { envelopeError, send, type RequestOptions } from './request.js';

/** The file name of a binary reply, from Content-Disposition (RFC 6266 `filename*` first). */
export function fileNameOf(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const star = /filename\*=(?:UTF-8'')?([^;]+)/i.exec(disposition);
  if (star?.[1]) return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''));
  const plain = /filename="?([^";]+)"?/i.exec(disposition);
  return plain?.[1]?.trim() ?? fallback;
}

/**
 * Downloads a binary reply (spreadsheet, PDF, octet-stream) by GET or POST and saves it under the
 * server's name. An envelope instead of a file is an error and is reported like any other call.
 */
export async function download(options: RequestOptions, fallbackName = 'download'): Promise<string> {
  const method = options.method ?? 'GET';
  const hasBody = method !== 'GET' && options.data !== undefined;
  const response = await send(options, hasBody ? JSON.stringify(options.data) : undefined, hasBody);
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('application/json')) {
    const envelope = (await response.json()) as { code?: string; data?: unknown };
    const text = typeof envelope.data === 'string' ? envelope.data : requestHooks().translate('error.common');
    requestHooks().showError(text);
    throw new ApiError('business', text, envelope.code, envelope.data);
  }
  const name = fileNameOf(response.headers.get('content-disposition'), fallbackName);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return name;
}

/** Opens a URL in a new window; says so when the browser blocked the pop-up. */
export function openWindow(url: string): Window | null {
  const opened = window.open(url, '_blank', 'noopener');
  if (!opened) window.alert(requestHooks().translate('net.popupBlocked'));
  return opened;
}

/** A binary reply kept in the page: an object URL (revoke it when done) and the server's file name. */
export interface FetchedFile {
  url: string;
  name: string;
  /** The language a document was printed in when the server says (`X-Label-Language`). */
  language?: string;
}

/**
 * Fetches a binary reply (a label PDF) by GET or POST into an object URL, to show it in the page
 * instead of saving it. A refusal is an envelope: reported like any call and thrown as an ApiError
 * whose `problems` a form shows at its fields.
 */
export async function fetchFile(options: RequestOptions, fallbackName = 'document.pdf'): Promise<FetchedFile> {
  const method = options.method ?? 'GET';
  const hasBody = method !== 'GET' && options.data !== undefined;
  const response = await send(options, hasBody ? JSON.stringify(options.data) : undefined, hasBody);
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('application/json')) throw envelopeError((await response.json()) as Envelope, options);
  const language = response.headers.get('x-label-language') ?? undefined;
  return {
    url: URL.createObjectURL(await response.blob()),
    name: fileNameOf(response.headers.get('content-disposition'), fallbackName),
    ...(language ? { language } : {}),
  };
}
