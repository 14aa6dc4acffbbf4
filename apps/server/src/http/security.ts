import type { FastifyInstance } from 'fastify';

/**
 * Security headers on every answer (issue 2 §2). Styles allow 'unsafe-inline' because Ant Design
 * injects CSS at run time; scripts do not. A print agent on the station PC (spec §7, port 9100 by
 * default, any port) and the agents named in PRINT_AGENT_URLS are reachable from the page, sockets
 * connect to the same host, and the PDF viewer reads the object URLs the label tools make (blob:).
 */
export function installSecurityHeaders(app: FastifyInstance, extraConnect: string[]): void {
  const connect = ["'self'", 'ws:', 'wss:', 'blob:', 'http://localhost:*', 'http://127.0.0.1:*', ...extraConnect].join(' ');
  const csp = [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src ${connect}`,
    "frame-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
  // A callback hook, not an async one: it runs on every answer, and an async hook costs a promise and
  // a turn of the microtask queue each time (the shipping scan's speed, docs/shipping.md).
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'no-referrer');
    reply.header('X-Frame-Options', 'DENY');
    if (!reply.hasHeader('Content-Security-Policy')) reply.header('Content-Security-Policy', csp);
    if (request.url.startsWith('/v0/') && !reply.hasHeader('Cache-Control')) reply.header('Cache-Control', 'no-store');
    done(null, payload);
  });
}
