import { randomUUID } from 'node:crypto';
import type { FastifyServerOptions } from 'fastify';
import type { Config } from '../config.js';

/** Removes `x_token` (and any other secret) from a URL before it is logged: tokens never reach logs. */
export function redactUrl(url: string): string {
  return url.replace(/([?&](?:x_token|token)=)[^&#]*/gi, '$1[redacted]');
}

export function loggerOptions(config: Config): FastifyServerOptions['logger'] {
  if (config.LOG_LEVEL === 'silent') return false;
  return {
    level: config.LOG_LEVEL,
    redact: { paths: ['req.headers["x-token"]', 'req.headers.cookie', 'req.headers.authorization', 'passwd', 'password'], censor: '[redacted]' },
    serializers: {
      req(request: { method: string; url: string; ip?: string; id?: string }) {
        return { method: request.method, url: redactUrl(request.url), ip: request.ip, id: request.id };
      },
    },
  };
}

export function requestIdOptions(): Pick<FastifyServerOptions, 'genReqId' | 'requestIdHeader'> {
  return {
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
  };
}
