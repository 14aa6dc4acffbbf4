import { z } from 'zod';
import { wireTime } from '../responses/wire.js';
import { versionSchema } from './auth.js';
import { jobSchema } from './jobs.js';

/** Answers of the platform's own routes: system, files, jobs, mail outbox, OAuth2 clients, masks. */

/** An uploaded file as `POST /v0/statics/upload/:kind` answers it; records keep it in their `relatedFiles`. */
export const uploadedFileSchema = z.object({ id: z.string(), url: z.string(), name: z.string(), size: z.number(), mime: z.string() });
export type UploadedFile = z.infer<typeof uploadedFileSchema>;

export const fileRowSchema = z.object({
  id: z.string(),
  kind: z.string(),
  name: z.string(),
  mime: z.string(),
  size: z.number(),
  createdAt: wireTime,
  owner: z.string().nullable(),
  merchantName: z.string().nullable(),
  url: z.string(),
});

export const mailRowSchema = z.object({
  id: z.number(),
  to: z.string(),
  subject: z.string(),
  body: z.string(),
  createdAt: wireTime,
  sentAt: wireTime.nullable(),
  error: z.string().nullable(),
  attempts: z.number(),
});

export const oauthClientSchema = z.object({
  id: z.number(),
  clientId: z.string(),
  name: z.string(),
  scopes: z.array(z.string()),
  merchantId: z.number().nullable(),
  merchantName: z.string().nullable(),
  disabled: z.boolean(),
  lastUsedAt: wireTime.nullable(),
  createdAt: wireTime,
  version: z.number(),
});
const oauthClientDetailSchema = oauthClientSchema.extend({ serviceUserId: z.number() });

const maskDetailSchema = z.object({
  name: z.string(),
  mask: z.string(),
  shipped: z.string().nullable(),
  edited: z.boolean(),
  version: z.number(),
  history: z.array(z.object({ version: z.number(), definition: z.string(), savedAt: wireTime, note: z.string(), savedBy: z.string().nullable() })),
});

export const platformResponses = {
  'GET /v0/version/': versionSchema,
  'GET /v0/ping': z.null(),
  'GET /v0/files/': z.object({ data: z.array(fileRowSchema), next: z.string().nullable() }),
  'DELETE /v0/files/:id': z.null(),
  'POST /v0/statics/upload/:kind': uploadedFileSchema,
  'GET /v0/jobs/': z.array(jobSchema),
  'GET /v0/jobs/:id': jobSchema,
  'POST /v0/jobs/:id/cancel': jobSchema,
  'GET /v0/mail/outbox': z.object({ data: z.array(mailRowSchema), next: z.string().nullable() }),
  'POST /v0/mail/outbox/export': jobSchema,
  'GET /v0/oauth2/clients/': z.array(oauthClientSchema),
  'POST /v0/oauth2/clients/': z.object({ client: oauthClientDetailSchema, secret: z.string() }),
  'PUT /v0/oauth2/clients/:id': oauthClientDetailSchema,
  'POST /v0/oauth2/clients/:id/secret': z.object({ client: oauthClientDetailSchema, secret: z.string() }),
  'DELETE /v0/oauth2/clients/:id': z.null(),
  'GET /v0/masken/': z.object({ mask: z.string() }),
  'GET /v0/masken/all': z.array(
    z.object({
      name: z.string(),
      kind: z.string(),
      title: z.record(z.string(), z.string()).nullable(),
      edited: z.boolean(),
      shipped: z.boolean(),
      version: z.number(),
      updatedAt: wireTime,
    }),
  ),
  'GET /v0/masken/detail': maskDetailSchema,
  'PUT /v0/masken/': maskDetailSchema,
  'POST /v0/masken/reset': maskDetailSchema,
} satisfies Record<string, z.ZodType>;

/**
 * Routes that answer without the envelope, with the schema per HTTP status: the OAuth2 token
 * endpoint speaks RFC 6749 §5.
 */
export const plainResponses = {
  'POST /v0/oauth2/token': {
    200: z.object({ access_token: z.string(), token_type: z.string(), expires_in: z.number(), scope: z.string() }),
    400: z.object({ error: z.string() }),
    401: z.object({ error: z.string() }),
  },
} satisfies Record<string, Record<number, z.ZodType>>;
