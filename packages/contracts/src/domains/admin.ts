import { z } from 'zod';
import { LOCALES } from '../locale.js';
import { isKnownPrivilege } from '../permissions.js';
import { USER_TYPES } from '../users.js';
import { patchOf } from '../patch.js';
import { passwordSchema } from './auth.js';

const account = z
  .string()
  .trim()
  .toLowerCase()
  .min(3)
  .max(254)
  .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'an e-mail address');
const email = z.union([
  z.literal(''),
  z
    .string()
    .trim()
    .max(254)
    .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'an e-mail address'),
]);
const userType = z.union(Object.values(USER_TYPES).map((v) => z.literal(v)) as [z.ZodLiteral<number>, z.ZodLiteral<number>, ...z.ZodLiteral<number>[]]);
const roleName = z.string().regex(/^[a-z][a-zA-Z0-9_-]{1,63}$/, 'a lower-case letter, then letters, digits, _ or -');
const language = z.enum(LOCALES).nullable();

export const userCreateSchema = z.strictObject({
  account,
  name: z.string().trim().max(100).default(''),
  email: email.default(''),
  type: userType,
  merchantId: z.number().int().positive().nullable().default(null),
  roles: z.array(roleName).max(20).default([]),
  language: language.default(null),
  printShipment: z.boolean().default(false),
  printStationUserId: z.number().int().positive().nullable().default(null),
  password: passwordSchema,
});
export type UserCreate = z.infer<typeof userCreateSchema>;

export const userUpdateSchema = patchOf(userCreateSchema.omit({ password: true, account: true }))
  .extend({ disabled: z.boolean().optional(), version: z.number().int().min(1) })
  .strict();
export type UserUpdate = z.infer<typeof userUpdateSchema>;

export const setPasswordSchema = z.strictObject({ password: passwordSchema });

/** `o`: the cursor of the previous page, an ISO time with an optional `~id` tie-breaker. */
export const cursorSchema = z
  .string()
  .max(80)
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?(~\d+)?$/, 'an ISO time');

export const userListQuerySchema = z.strictObject({
  l: z.coerce.number().int().min(1).max(1000).default(25),
  o: cursorSchema.optional(),
  q: z.string().max(200).optional(),
  type: z.coerce.number().int().optional(),
  merchantId: z.coerce.number().int().positive().optional(),
  role: roleName.optional(),
  disabled: z.enum(['true', 'false']).optional(),
});

export const roleWriteSchema = z.strictObject({
  name: roleName,
  title: z.string().trim().max(100).default(''),
  description: z.string().trim().max(500).default(''),
  privileges: z
    .array(z.string().max(100))
    .max(500)
    .default([])
    .superRefine((list, ctx) => {
      list.forEach((p, i) => {
        if (!isKnownPrivilege(p)) ctx.addIssue({ code: 'custom', path: [i], message: `unknown privilege ${p}` });
      });
    }),
});
export const roleUpdateSchema = patchOf(roleWriteSchema)
  .extend({ version: z.number().int().min(1) })
  .strict();

const address = z
  .strictObject({
    name1: z.string().max(100).optional(),
    name2: z.string().max(100).optional(),
    streetName: z.string().max(100).optional(),
    streetNumber: z.string().max(20).optional(),
    ZIP: z.string().max(20).optional(),
    city: z.string().max(100).optional(),
    country: z.string().max(2).optional(),
    phone: z.string().max(50).optional(),
    email: z.string().max(254).optional(),
    addition: z.string().max(200).optional(),
  })
  .default({});

export const merchantCreateSchema = z.strictObject({
  code: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]{2,12}$/, '2 to 12 letters or digits'),
  name: z.string().trim().min(1).max(200),
  email: email.default(''),
  phone: z.string().trim().max(50).default(''),
  address,
  currency: z.enum(['EUR', 'USD']).default('EUR'),
  settings: z.record(z.string(), z.unknown()).default({}),
});
export const merchantUpdateSchema = patchOf(merchantCreateSchema.omit({ code: true }))
  .extend({ disabled: z.boolean().optional(), version: z.number().int().min(1) })
  .strict();

/** What a user may change about themselves (`PUT /v0/auth/profile`). */
export const profileUpdateSchema = z.strictObject({
  name: z.string().trim().max(100).optional(),
  introduction: z.string().trim().max(1000).optional(),
  language: language.optional(),
  avatar: z.union([z.literal(''), z.string().regex(/^\/v0\/static\/[a-f0-9]{32}$/, 'an uploaded picture')]).optional(),
});

export const idParamsSchema = z.strictObject({
  id: z.coerce
    .number()
    .int()
    .min(1)
    .max(2 ** 31 - 1),
});
