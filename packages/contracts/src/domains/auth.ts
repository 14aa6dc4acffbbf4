import { z } from 'zod';

const trimmedLower = z
  .string()
  .max(254)
  .transform((s) => s.trim().toLowerCase());

export const captchaResponseSchema = z.object({ id: z.string(), image: z.string() });

/** Spec §3 "Login payload"; facts §2.1. `xxs` is the captcha id. */
export const loginBodySchema = z.strictObject({
  account: trimmedLower.pipe(z.string().min(1)),
  passwd: z.string().min(1).max(200),
  xxs: z.string().max(100).optional().default(''),
  captcha: z.string().max(20).optional().default(''),
  eid: z.string().max(100).optional().nullable(),
});
export type LoginBody = z.input<typeof loginBodySchema>;
export const loginResponseSchema = z.object({ token: z.string(), loginEnvId: z.string() });

export const trustCheckBodySchema = z.strictObject({
  login: trimmedLower,
  envId: z.string().max(100),
});

export const passwordSchema = z.string().min(8).max(200);

export const changePasswordBodySchema = z.strictObject({
  old: z.string().min(1).max(200),
  new: passwordSchema,
});

export const resetRequestBodySchema = z.strictObject({
  email: trimmedLower.pipe(z.string().min(1)),
  xxs: z.string().min(1).max(100),
  captcha: z.string().max(20).default(''),
});

export const resetPasswordBodySchema = z.strictObject({
  token: z.string().min(10).max(200),
  passwd: passwordSchema,
  xxs: z.string().min(1).max(100),
  captcha: z.string().max(20).default(''),
});

export const subIdQuerySchema = z.strictObject({ q: z.coerce.number().int().min(0) });
export const changeRoleBodySchema = z.strictObject({ role: z.string().max(64).nullable() });

/** Spec §3 "User session data"; what `GET /v0/auth/stat` answers. */
export const userInfoSchema = z.object({
  id: z.number(),
  account: z.string(),
  name: z.string(),
  email: z.string(),
  roles: z.array(z.string()),
  /** Every role the user holds; `roles` is narrowed to one of them after a role switch. */
  heldRoles: z.array(z.string()),
  privileges: z.array(z.string()),
  loginIp: z.string(),
  subId: z.number(),
  merchantId: z.number().nullable(),
  merchantName: z.string().nullable(),
  avatar: z.string(),
  token: z.string(),
  createdAt: z.number(),
  introduction: z.string(),
  type: z.number(),
  printShipment: z.boolean(),
  language: z.string().nullable(),
  agentName: z.string().optional(),
});
export type UserInfo = z.infer<typeof userInfoSchema>;

export const versionSchema = z.object({ version: z.string(), commit: z.string(), webVersion: z.string() });
