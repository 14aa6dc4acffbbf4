import { z } from 'zod';
import { wireTime } from '../responses/wire.js';
import { recordTimes } from '../responses/fields.js';
import { captchaResponseSchema, loginResponseSchema, userInfoSchema } from './auth.js';

/** Answers of sign-in, the session, users, roles, merchants and settings (issue 16 item 5). */

export const userRowSchema = z.object({
  id: z.number(),
  account: z.string(),
  name: z.string(),
  email: z.string(),
  type: z.number(),
  merchantId: z.number().nullable(),
  merchantName: z.string().nullable(),
  language: z.string().nullable(),
  printShipment: z.boolean(),
  printStationUserId: z.number().nullable(),
  disabled: z.boolean(),
  avatar: z.string(),
  ...recordTimes,
  roles: z.array(z.string()),
});
export type UserRow = z.infer<typeof userRowSchema>;

export const roleSchema = z.object({
  id: z.number(),
  name: z.string(),
  title: z.string(),
  description: z.string(),
  builtin: z.boolean(),
  version: z.number(),
  updatedAt: wireTime,
  privileges: z.array(z.string()),
  users: z.number(),
});
export type RoleRecord = z.infer<typeof roleSchema>;

export const privilegeAreaSchema = z.object({
  area: z.string(),
  privileges: z.array(z.object({ name: z.string(), routes: z.array(z.string()) })),
});
export type PrivilegeAreaRecord = z.infer<typeof privilegeAreaSchema>;

export const merchantSchema = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  address: z.record(z.string(), z.unknown()),
  currency: z.string(),
  settings: z.record(z.string(), z.unknown()),
  disabled: z.boolean(),
  ...recordTimes,
});

const auditEntrySchema = z.object({
  id: z.number(),
  at: wireTime,
  user_id: z.number().nullable(),
  merchant_id: z.number().nullable(),
  action: z.string(),
  entity: z.string(),
  entity_id: z.string(),
  before: z.unknown(),
  after: z.unknown(),
});

export const authResponses = {
  'GET /v0/captcha/': captchaResponseSchema,
  'POST /v0/auth/login': loginResponseSchema,
  'POST /v0/auth/_ci': z.null(),
  'GET /v0/auth/stat': userInfoSchema,
  'GET /v0/auth/refresh': z.null(),
  'GET /v0/auth/logout': z.string(),
  'PUT /v0/auth/chpasswd': z.null(),
  'POST /v0/auth/resetPassword': z.null(),
  'PUT /v0/auth/resetPassword': z.null(),
  'GET /v0/auth/__subId': z.array(z.object({ id: z.number(), code: z.string(), name: z.string() })),
  'PUT /v0/auth/__subId': z.null(),
  'PUT /v0/auth/role': z.null(),
  'GET /v0/role/route': z.array(z.string()),
  'PUT /v0/auth/profile': z.object({ name: z.string(), avatar: z.string(), language: z.string().nullable() }),
} satisfies Record<string, z.ZodType>;

export const adminResponses = {
  'GET /v0/users/': z.object({ data: z.array(userRowSchema), next: z.string().nullable() }),
  'GET /v0/users/:id': userRowSchema,
  'POST /v0/users/': userRowSchema,
  'PUT /v0/users/:id': userRowSchema,
  'PUT /v0/users/:id/password': z.null(),
  'DELETE /v0/users/:id': z.null(),
  'GET /v0/roles/': z.array(roleSchema),
  'GET /v0/roles/:id': roleSchema,
  'POST /v0/roles/': roleSchema,
  'PUT /v0/roles/:id': roleSchema,
  'DELETE /v0/roles/:id': z.null(),
  'GET /v0/privileges/': z.array(privilegeAreaSchema),
  'GET /v0/merchants/': z.array(merchantSchema),
  'GET /v0/merchants/opts': z.array(z.object({ id: z.number(), code: z.string(), name: z.string() })),
  'GET /v0/merchants/:id': merchantSchema,
  'POST /v0/merchants/': merchantSchema,
  'PUT /v0/merchants/:id': merchantSchema,
  'GET /v0/audit/': z.array(auditEntrySchema),
} satisfies Record<string, z.ZodType>;
