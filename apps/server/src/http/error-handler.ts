import { errorText, validationText, VALIDATION_TEXTS, type FieldError, type Locale } from '@kontor/contracts';
import { issueRule, type IssueDetails } from '@kontor/contracts/validation-issue';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from './app-error.js';

interface Rendered {
  code: string;
  data: string;
  error?: Record<string, unknown>;
}

function render(code: AppError['code'], locale: Locale, options: AppError['options'] = {}): Rendered {
  // A field error thrown without words (ruleError, invalidField) is worded here, in the user's language.
  // `data` stays the catalogue's text: clients show it followed by the field errors.
  const fields = options.fields?.map((f) => worded(f, locale));
  const data = options.detail ?? errorText(code, locale, options.params);
  const error: Record<string, unknown> = { ...(options.extra ?? {}) };
  if (fields?.length) error.fields = fields;
  return Object.keys(error).length ? { code, data, error } : { code, data };
}

/**
 * One field error, named and worded for the user, from a zod issue's code, path and bounds (the rule:
 * contracts' `issueRule`, which the web's forms use for the same check).
 */
export function fieldError(code: string, path: string, details: object, locale: Locale): FieldError {
  if (code === 'unrecognized_keys') {
    const key = (details as IssueDetails).keys?.[0] ?? '';
    return ruled(path ? `${path}.${key}` : key, 'unknownField', locale);
  }
  const { rule, params } = issueRule(code, details);
  return ruled(path || 'body', rule, locale, params);
}

/** A service's field error named only by its rule (`ruleError`) gets its words in the user's language here. */
function worded(field: FieldError, locale: Locale): FieldError {
  if (field.message) return field;
  const rule = field.rule && field.rule in VALIDATION_TEXTS ? (field.rule as keyof typeof VALIDATION_TEXTS) : 'invalid';
  return { ...field, message: validationText(rule, locale, { field: field.field, ...field.params }) };
}

/** A field error with its rule and bounds, so the web can name the field by its label (issue 15 item 13). */
function ruled(field: string, rule: keyof typeof VALIDATION_TEXTS, locale: Locale, params?: Record<string, unknown>): FieldError {
  return { field, message: validationText(rule, locale, { field, ...params }), rule, ...(params ? { params } : {}) };
}

/** Field errors from a zod validation failure of a route schema. */
function fieldErrors(error: FastifyError, locale: Locale): FieldError[] {
  if (!hasZodFastifySchemaValidationErrors(error)) return [];
  // fastify-type-provider-zod puts the zod issue code in `keyword` and the rest of the issue in `params`.
  return error.validation.map((v) => fieldError(v.keyword, v.instancePath.replace(/^\//, '').replace(/\//g, '.'), v.params, locale));
}

/**
 * Sends an error envelope past the route's response schema: a route that declares the shape of its
 * OK answer (`envelopeOf(...)`) would otherwise fail to serialise the refusal and answer HTTP 500.
 */
function answer(reply: FastifyReply, rendered: Rendered) {
  return reply.code(200).type('application/json; charset=utf-8').serializer(JSON.stringify).send(rendered);
}

/** @fastify/busboy's errors for a multipart body cut off or garbled in transit (they carry no code). */
function isMultipartStreamError(error: Error): boolean {
  return /unexpected end of multipart data|^Multipart: Boundary not found|^Boundary required/i.test(error.message ?? '');
}

/**
 * One renderer for every failure (architecture rule 2): business errors, bad input and unknown faults
 * all answer HTTP 200 with an envelope; nothing the user typed produces a 500, a stack or SQL text.
 */
export function installErrorHandler(app: FastifyInstance, uploadMaxMb: number): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const locale = request.locale ?? 'en';
    if (error instanceof AppError) return answer(reply, render(error.code, locale, error.options));
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields = fieldErrors(error, locale);
      return answer(reply, render('IntegrityError', locale, { fields, detail: fields.map((f) => f.message).join('\n') || undefined }));
    }
    const code = error.code ?? '';
    if (code === 'FST_ERR_CTP_BODY_TOO_LARGE' || code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_FILES_LIMIT' || error.statusCode === 413) {
      return answer(reply, render('PayloadTooLarge', locale, { params: { maxMb: uploadMaxMb } }));
    }
    if (code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
      return answer(reply, render('IntegrityError', locale, { detail: validationText('badContentType', locale) }));
    }
    if (code.startsWith('FST_ERR_CTP') || (error instanceof SyntaxError && error.statusCode === 400)) {
      return answer(reply, render('IntegrityError', locale, { detail: validationText('malformedJson', locale) }));
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500 && code.startsWith('FST_')) {
      return answer(reply, render('IntegrityError', locale));
    }
    if (code === 'FST_MP_PREMATURE_CLOSE' || isMultipartStreamError(error)) {
      const detail = validationText('incompleteUpload', locale);
      return answer(reply, render('IntegrityError', locale, { detail, fields: [{ field: 'upload', message: detail }] }));
    }
    const pgCode = (error as unknown as { code?: string }).code;
    // A value the route let through but the column cannot hold (out of range, wrong syntax, bad text):
    // PostgreSQL's class 22 "data exception" and 54001 "statement too complex". Routes validate first;
    // this is the net under them, so such input is a refusal, never an InternalError.
    if (typeof pgCode === 'string' && (/^22[0-9A-Z]{3}$/.test(pgCode) || pgCode === '54001')) {
      request.log.warn({ err: error }, 'input refused by the database');
      return answer(reply, render('IntegrityError', locale, { detail: validationText('badValue', locale) }));
    }
    if (pgCode === '23505') return answer(reply, render('Duplicate', locale));
    if (pgCode === '40001' || pgCode === '40P01' || pgCode === '55P03') return answer(reply, render('Unavailable', locale));
    request.log.error({ err: error }, 'unhandled error');
    return answer(reply, render('InternalError', locale));
  });
}
