import type { FastifyInstance } from 'fastify';

/** Starts `app` on a free local port and answers its base URL, as the benchmarks' clients call it. */
export async function listenLocally(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
}

/** Signs a demo account in over HTTP and answers its token; the bench apps fix the captcha to "bench". */
export async function signIn(base: string, account: string): Promise<string> {
  const captcha = (await (await fetch(`${base}/v0/captcha/`)).json()) as { data: { id: string } };
  const res = await fetch(`${base}/v0/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account, passwd: 'demo1234', xxs: captcha.data.id, captcha: 'bench' }),
  });
  const body = (await res.json()) as { code: string; data: { token: string } };
  if (body.code !== 'OK') throw new Error(`login ${account}: ${JSON.stringify(body)}`);
  return body.data.token;
}

/** One call of a scanner: a GET, or a POST with a JSON body. */
export interface ScannerCall {
  path: string;
  body?: unknown;
}

/**
 * Runs scanners as the floor has them: each a device of its own, here all in one worker thread (its
 * own event loop), so the server's process does only the server's work. Every scanner makes its calls
 * one after the other (`x-token`, keep-alive); all scanners at once. Answers each call's time in ms
 * and each call's envelope code (`OK`, `TrackingConflictError` …).
 */
export async function scannersInWorker(base: string, scanners: Array<{ token: string; calls: ScannerCall[] }>): Promise<{ times: number[]; codes: string[] }> {
  const { Worker } = await import('node:worker_threads');
  const code = `
    const { parentPort, workerData } = require('node:worker_threads');
    const http = require('node:http');
    const agent = new http.Agent({ keepAlive: true, maxSockets: workerData.scanners.length });
    const url = new URL(workerData.base);
    const send = ({ path, body }, token) => new Promise((resolve, reject) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const headers = { 'x-token': token };
      if (payload !== undefined) Object.assign(headers, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) });
      const req = http.request({ host: url.hostname, port: url.port, path, method: payload === undefined ? 'GET' : 'POST', agent, headers }, (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
      });
      req.on('error', reject);
      req.end(payload);
    });
    (async () => {
      const times = [];
      const codes = [];
      await Promise.all(workerData.scanners.map(async ({ token, calls }) => {
        for (const call of calls) {
          const t0 = performance.now();
          const answer = await send(call, token);
          times.push(performance.now() - t0);
          codes.push(JSON.parse(answer).code);
        }
      }));
      agent.destroy();
      parentPort.postMessage({ times, codes });
    })();
  `;
  const worker = new Worker(code, { eval: true, workerData: { base, scanners } });
  return new Promise((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
}
