import { z } from 'zod';
import { isKnownPrivilege } from '../permissions.js';

/** OAuth2 clients for integrations (issue 4 §4 users/oauth2): scopes are privilege names. */
const scopes = z
  .array(z.string().max(100))
  .min(1)
  .max(200)
  .superRefine((list, ctx) => {
    list.forEach((p, i) => {
      if (!isKnownPrivilege(p)) ctx.addIssue({ code: 'custom', path: [i], message: `unknown privilege ${p}` });
    });
  });

export const oauthClientCreateSchema = z.strictObject({
  name: z.string().trim().min(1).max(100),
  scopes,
  merchantId: z.number().int().positive().nullable().default(null),
});
export type OauthClientCreate = z.infer<typeof oauthClientCreateSchema>;

export const oauthClientUpdateSchema = z.strictObject({
  name: z.string().trim().min(1).max(100).optional(),
  scopes: scopes.optional(),
  disabled: z.boolean().optional(),
  version: z.number().int().min(1),
});
export type OauthClientUpdate = z.infer<typeof oauthClientUpdateSchema>;

/** RFC 6749 §4.4 client-credentials request, form-encoded or JSON; the client may also use HTTP Basic. */
export const tokenRequestSchema = z.object({
  grant_type: z.string().max(100).optional(),
  client_id: z.string().max(200).optional(),
  client_secret: z.string().max(500).optional(),
  scope: z.string().max(5000).optional(),
});

/** Lifetime of a client token; below the 40-minute idle timeout, so a token never dies idle first. */
export const CLIENT_TOKEN_SECONDS = 30 * 60;
