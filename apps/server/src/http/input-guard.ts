import { validationText } from '@kontor/contracts';
import type { FastifyInstance } from 'fastify';
import { AppError } from './app-error.js';

/**
 * Deepest JSON a request body may nest (docs/decisions.md "Input limits"). Mask definitions, the
 * deepest documents a client sends, nest under 10; V8's parser and zod recurse, so a body nested
 * 50,000 levels deep must be refused before either sees it.
 */
export const MAX_JSON_DEPTH = 64;

/**
 * Text PostgreSQL cannot store: a NUL character, or a UTF-16 surrogate without its partner (JSON
 * allows `"\ud800"`; the database refuses it in jsonb and turns it into U+FFFD in text).
 */
// eslint-disable-next-line no-control-regex -- finding the NUL character is the point
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** The nesting depth of a JSON text, counted without parsing it (brackets inside strings do not count). */
export function jsonDepth(text: string, limit: number): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 0x5c) i++;
      else if (ch === 0x22) inString = false;
    } else if (ch === 0x22) inString = true;
    else if (ch === 0x7b || ch === 0x5b) {
      depth++;
      if (depth > max) max = depth;
      if (max > limit) return max;
    } else if (ch === 0x7d || ch === 0x5d) depth--;
  }
  return max;
}

/** The path of the first text (key or value) the database cannot store, or null. */
export function unstorableText(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === 'string') return UNSTORABLE.test(value) ? path : null;
  if (value === null || typeof value !== 'object' || Buffer.isBuffer(value) || depth > MAX_JSON_DEPTH) return null;
  for (const [key, inner] of Object.entries(value)) {
    const at = path ? `${path}.${key}` : key;
    if (UNSTORABLE.test(key)) return at;
    const found = unstorableText(inner, at, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

/**
 * The request input guard (issue 15 item 5), one place for every route: a JSON body nested deeper
 * than MAX_JSON_DEPTH is refused before it is parsed, and a NUL or lone surrogate anywhere in the
 * path parameters, query or body is refused as a field error in the user's language before the
 * route's schema or any SQL sees it.
 */
export function installInputGuard(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    if (jsonDepth(text, MAX_JSON_DEPTH) > MAX_JSON_DEPTH) {
      done(new AppError('IntegrityError', { detail: validationText('tooDeep', request.locale ?? 'en', { max: MAX_JSON_DEPTH }) }), undefined);
      return;
    }
    parseJson(request, text, done);
  });

  app.addHook('preValidation', async (request) => {
    if (!request.url.startsWith('/v0/')) return;
    const field =
      unstorableText(request.params, '') ?? unstorableText(request.query, '') ?? (typeof request.body === 'object' ? unstorableText(request.body, '') : null);
    const text = typeof request.body === 'string' && UNSTORABLE.test(request.body) ? 'body' : field;
    if (text === null) return;
    const name = text || 'body';
    const message = validationText('badCharacters', request.locale ?? 'en', { field: name });
    throw new AppError('IntegrityError', { fields: [{ field: name, message }], detail: message });
  });
}
