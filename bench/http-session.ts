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
