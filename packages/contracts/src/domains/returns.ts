import { z } from 'zod';

/**
 * Returns (RMA) in the original's shape (facts §2.4, §3.9): `items` and `image` travel as JSON inside
 * a string. Unknown fields of a whole record sent back by a client (status, dates) are ignored.
 */

export const returnLineSchema = z.object({
  itemId: z
    .union([
      z
        .string()
        .trim()
        .regex(/^\d{1,15}$/, 'an item guid'),
      z.number().int().positive(),
    ])
    .transform(Number),
  itemBatch: z.string().trim().max(64).default(''),
  qty: z.number({ error: 'required' }).int('whole units only').positive('more than 0').max(100_000),
  valid: z.union([z.literal(1), z.literal(2), z.literal(0), z.literal(-1), z.literal(-2)]).default(1),
  remark: z.string().max(500).default(''),
  compartmentGUID: z.union([z.string(), z.number()]).optional(),
});
export type ReturnLine = z.infer<typeof returnLineSchema>;

const jsonText = <T extends z.ZodType>(schema: T, empty: unknown) =>
  z
    .string()
    .max(200_000)
    .transform((text, ctx) => {
      if (text.trim() === '') return empty as z.infer<T>;
      try {
        const parsed = schema.safeParse(JSON.parse(text));
        if (parsed.success) return parsed.data as z.infer<T>;
        for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
      } catch {
        ctx.addIssue({ code: 'custom', message: 'not valid JSON' });
      }
      return z.NEVER;
    });

export const returnLinesText = jsonText(z.array(returnLineSchema).max(500), []);
export const returnImageText = jsonText(z.object({ img: z.array(z.object({ url: z.string().max(500) })).max(30) }), { img: [] });

const returnFields = {
  shipSN: z.string().trim().min(5, 'at least 5 characters').max(64),
  originSN: z.string().trim().max(64),
  originShipSN: z.string().trim().max(64),
  originCountry: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^([A-Z]{2})?$/, 'a country code such as DE'),
  agentGUID: z.string().trim().max(20),
  businessType: z.number().int().min(1).max(4),
  type: z.number().int().min(0).max(3),
  note: z.string().max(2000),
  items: returnLinesText,
  image: returnImageText,
  itemStrOrigin: z.string().max(2000),
  dispose: z.string().max(20),
};

export const returnWriteSchema = z.object({
  ...returnFields,
  originSN: returnFields.originSN.default(''),
  originShipSN: returnFields.originShipSN.default(''),
  originCountry: returnFields.originCountry.default(''),
  agentGUID: returnFields.agentGUID.default(''),
  businessType: returnFields.businessType.default(2),
  type: returnFields.type.default(0),
  note: returnFields.note.default(''),
  items: returnFields.items.default([]),
  image: returnFields.image.default({ img: [] }),
  itemStrOrigin: returnFields.itemStrOrigin.default(''),
  dispose: returnFields.dispose.default(''),
});

/** PUT sends the whole record; a field left out keeps its value (no defaults here). */
export const returnUpdateSchema = z
  .object({ ...returnFields, id: z.number().int().positive() })
  .partial()
  .required({ id: true });

export const returnInboundSchema = z.object({ id: z.number().int().positive(), items: returnLinesText });

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date such as 2026-12-01');
/** `from..to` (either side may be empty), as the generic lists take date ranges. */
const dayRange = z
  .string()
  .trim()
  .max(30)
  .transform((text, ctx) => {
    const [from = '', to = ''] = text.includes('..') ? text.split('..') : [text, text];
    for (const part of [from, to])
      if (part && !day.safeParse(part).success) ctx.addIssue({ code: 'custom', message: 'a range such as 2026-11-01..2026-11-30' });
    return { from: from || null, to: to || null };
  });

export const returnListQuerySchema = z.object({
  l: z.coerce.number().int().min(1).max(1000).default(50),
  businessType: z.coerce.number().int().min(1).max(4).optional(),
  agentGUID: z.string().trim().max(20).optional(),
  createdAt: dayRange.optional(),
  finDate: dayRange.optional(),
  o: z.coerce.number().int().min(0).default(0),
  q: z.string().trim().max(64).default(''),
  'Status[]': z
    .union([z.coerce.number().int(), z.array(z.coerce.number().int())])
    .optional()
    .transform((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v])),
});
