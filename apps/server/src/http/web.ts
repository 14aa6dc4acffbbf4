import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { resolve } from 'node:path';

/** Serves the built console. Hashed assets are cached for a year; index.html never is. */
export async function serveWeb(app: FastifyInstance, dist: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: resolve(dist),
    wildcard: false,
    index: false,
    // dist holds .br/.gz beside each asset (apps/web/compress.mjs).
    preCompressed: true,
    setHeaders(res, path) {
      // @fastify/static 10 passes the Fastify reply here (older versions passed the raw response).
      const reply = res as unknown as { header?(name: string, value: string): void; setHeader?(name: string, value: string): void };
      const set = reply.header?.bind(reply) ?? reply.setHeader?.bind(reply);
      set?.('Cache-Control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
}
