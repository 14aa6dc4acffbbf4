import { isSuccessCode, MODAL_ERROR_CODES, SILENT_ERROR_CODES, type Envelope } from '@kontor/contracts';
import type { ApiData, ApiRouteKey } from '@kontor/contracts/api-responses';
import { DEFAULT_TIMEOUT_MS, NETWORK_RETRIES, resolveUrl } from './config.js';
import { ApiError } from './errors.js';
import { requestHooks } from './hooks.js';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

export interface RequestOptions {
  url: string;
  method?: Method;
  /** Query parameters; for GET also the payload (spec §7 generic calls). */
  params?: Record<string, unknown>;
  data?: unknown;
  timeoutMs?: number;
  signal?: AbortSignal;
  /** A write that may be repeated safely after a network failure (sent as Idempotency-Key). */
  idempotencyKey?: string;
  /** Do not toast business errors; the caller shows them (forms with inline errors). */
  quiet?: boolean;
  /** Codes the caller expects (NotFound for an optional record): neither shown nor logged. */
  expectedCodes?: string[];
  /** A call the console makes on its own (polling): it neither restarts nor slides the idle clock. */
  background?: boolean;
}

export function toQuery(params: Record<string, unknown> | undefined): string {
  if (!params) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) value.forEach((v) => search.append(key, String(v)));
    else search.append(key, value instanceof Date ? value.toISOString() : typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One HTTP exchange with timeout and caller cancellation; network failures come back as ApiError. */
async function exchange(options: RequestOptions, init: RequestInit): Promise<Response> {
  const controller = new AbortController();
  const timeout = setTimeout(() => controller.abort('timeout'), options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  const onAbort = () => controller.abort('aborted');
  options.signal?.addEventListener('abort', onAbort);
  try {
    return await fetch(resolveUrl(options.url) + toQuery(options.params), { ...init, signal: controller.signal });
  } catch {
    const { translate } = requestHooks();
    if (controller.signal.reason === 'timeout') throw new ApiError('timeout', translate('net.timeout'));
    if (options.signal?.aborted) throw new ApiError('aborted', 'aborted');
    throw new ApiError('network', translate('net.offline'));
  } finally {
    clearTimeout(timeout);
    options.signal?.removeEventListener('abort', onAbort);
  }
}

function headersFor(options: RequestOptions, json: boolean): Record<string, string> {
  const hooks = requestHooks();
  const headers: Record<string, string> = { Accept: 'application/json', 'X-Lang': hooks.language() };
  const token = hooks.token();
  if (token) headers['X-Token'] = token;
  if (json) headers['Content-Type'] = 'application/json';
  if (options.idempotencyKey) headers['Idempotency-Key'] = options.idempotencyKey;
  if (options.background) headers['X-Background'] = '1';
  return headers;
}

/** Sends, retrying network failures up to 3 times where a repeat is safe (reads, idempotent writes). */
export async function send(options: RequestOptions, body?: BodyInit, json = false): Promise<Response> {
  const method = options.method ?? 'GET';
  const safe = method === 'GET' || !!options.idempotencyKey;
  for (let attempt = 0; ; attempt++) {
    try {
      const response = await exchange(options, { method, headers: headersFor(options, json), body });
      if (response.status === 403) {
        const { sessionGone, translate } = requestHooks();
        sessionGone(translate('session.expiredText'));
        throw new ApiError('forbidden', translate('session.expiredText'), undefined, undefined, undefined, 403);
      }
      return response;
    } catch (err) {
      if (!(err instanceof ApiError) || err.kind !== 'network' || !safe || attempt >= NETWORK_RETRIES) throw err;
      await sleep(300 * 2 ** attempt);
    }
  }
}

/** Reports a failed envelope as spec §8 says and answers the error to reject with. */
export function envelopeError(envelope: Envelope, options: RequestOptions): ApiError {
  const hooks = requestHooks();
  const code = envelope.code;
  const dataText = typeof envelope.data === 'string' ? envelope.data : '';
  const catalogue = hooks.translate(`error.${code}`);
  // A catalogue text with placeholders (`{{available}}`) cannot be filled here: the server's text is.
  const known = catalogue !== `error.${code}` && !catalogue.includes('{{');
  const text = (known ? catalogue : '') || dataText || hooks.translate('error.common');
  const error = new ApiError('business', dataText || text, code, envelope.data, envelope.error);
  if (SILENT_ERROR_CODES.includes(dataText) || SILENT_ERROR_CODES.includes(code) || options.expectedCodes?.includes(code)) return error;
  hooks.recordError({ code, text: dataText || text, url: options.url });
  if (options.quiet) return error;
  if (MODAL_ERROR_CODES.includes(code)) {
    const shown = dataText && dataText !== code ? dataText : typeof envelope.error === 'string' ? envelope.error : text;
    hooks.showError(shown, { title: text, text: shown, modal: true });
  } else {
    hooks.showError(text, dataText && dataText !== code && dataText !== text ? { title: text, text: dataText, modal: false } : undefined);
  }
  return error;
}

/** A JSON call: answers `data` of a successful envelope, or rejects with an ApiError already shown. */
export async function request<T = unknown>(options: RequestOptions): Promise<T> {
  const method = options.method ?? 'GET';
  const hasBody = method !== 'GET' && options.data !== undefined;
  let response: Response;
  try {
    response = await send(options, hasBody ? JSON.stringify(options.data) : undefined, hasBody);
  } catch (err) {
    if (err instanceof ApiError && (err.kind === 'network' || err.kind === 'timeout') && !options.quiet) {
      requestHooks().showError(err.message);
      requestHooks().recordError({ code: err.kind, text: err.message, url: options.url });
    }
    throw err;
  }
  let envelope: Envelope<T> | null = null;
  try {
    envelope = (await response.json()) as Envelope<T>;
  } catch {
    envelope = null;
  }
  if (!envelope || typeof envelope.code !== 'string') {
    const { translate, showError, recordError } = requestHooks();
    const message = translate('net.server', { status: response.status });
    if (!options.quiet) showError(message);
    recordError({ code: `HTTP ${response.status}`, text: message, url: options.url });
    throw new ApiError('http', message, undefined, undefined, undefined, response.status);
  }
  if (!options.background) requestHooks().activity();
  if (!isSuccessCode(envelope.code)) throw envelopeError(envelope, options);
  return envelope.data;
}

/** Spec §7 generic call: GET sends the payload as parameters, other methods as the body. */
export function call<T = unknown>(url: string, method: Method = 'GET', q?: Record<string, unknown>, extra?: Partial<RequestOptions>) {
  return method === 'GET' ? request<T>({ url, method, params: q, ...extra }) : request<T>({ url, method, data: q, ...extra });
}

/** The `:name` parameters of a route's url (`/v0/r7gorders/:id/scans/:scanId` → `id | scanId`). */
type ParamNames<S extends string> = S extends `${string}:${infer P}/${infer R}` ? P | ParamNames<`/${R}`> : S extends `${string}:${infer P}` ? P : never;
type RouteParams<K extends ApiRouteKey> = ParamNames<K extends `${string} ${infer U}` ? U : never>;

/** Options of a contract call: the url and method come from the route's key, its `:params` from `path`. */
export type ApiOptions<K extends ApiRouteKey> = Omit<RequestOptions, 'url' | 'method'> &
  ([RouteParams<K>] extends [never] ? { path?: undefined } : { path: Record<RouteParams<K>, string | number> });
type ApiArgs<K extends ApiRouteKey> = [RouteParams<K>] extends [never] ? [options?: ApiOptions<K>] : [options: ApiOptions<K>];

/** The url of a route key with its `:params` filled in (encoded). */
export function routeUrl(template: string, path: Record<string, string | number> | undefined): string {
  return template.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(path?.[name] ?? '')));
}

/**
 * A call to a route of the response table (`API_RESPONSES`, docs/api-contracts.md), named by its key
 * (`'GET /v0/r7gorders/:id/detail'`): the answer is typed by the route's response schema, so the web
 * reads what the server declares and serialises. The key is a type only: no schema reaches the bundle.
 */
export function api<K extends ApiRouteKey>(route: K, ...[options]: ApiArgs<K>): Promise<ApiData<K>> {
  const space = route.indexOf(' ');
  const { path, ...rest } = (options ?? {}) as ApiOptions<K>;
  return request<ApiData<K>>({ ...rest, method: route.slice(0, space) as Method, url: routeUrl(route.slice(space + 1), path) });
}
