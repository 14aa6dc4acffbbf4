import { CarrierError, type DriverContext } from './driver.js';

/**
 * The HTTP transport every carrier driver shares (issue 17 item 2). One HTTP call with the context's deadline. A call that runs past `ctx.timeoutMs` (or is aborted by the
 * caller) becomes a `timeout` error, marked uncertain when the carrier may have acted on it; a network
 * failure before the request left becomes `unavailable` (certain: nothing was sent).
 */
export interface HttpAnswer {
  status: number;
  text: string;
  headers: Headers;
}

export async function httpCall(
  /** The carrier's name as its errors say it (DHL, DPD, UPS). */
  carrier: string,
  ctx: DriverContext,
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string },
  opts: { mayHaveActed: boolean },
): Promise<HttpAnswer> {
  const timeout = AbortSignal.timeout(ctx.timeoutMs);
  const signal = ctx.signal ? AbortSignal.any([timeout, ctx.signal]) : timeout;
  try {
    const res = await ctx.fetch(url, { ...init, signal });
    const text = await res.text();
    return { status: res.status, text, headers: res.headers };
  } catch (err) {
    if (signal.aborted) {
      throw new CarrierError('timeout', `${carrier} did not answer within ${ctx.timeoutMs} ms`, { uncertain: opts.mayHaveActed });
    }
    const code = (err as { cause?: { code?: string } }).cause?.code ?? '';
    const notSent = ['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH'].includes(code);
    throw new CarrierError('unavailable', `${carrier} could not be reached${code ? ` (${code})` : ''}`, {
      uncertain: opts.mayHaveActed && !notSent,
    });
  }
}

/** Parses a JSON answer; a body that is not JSON gives `undefined`. */
export function parseJson(text: string): unknown {
  try {
    return text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    return undefined;
  }
}
