import { z } from 'zod';
import { manifestRulesSchema } from './manifests.js';
import { packingRulesSchema } from './packing.js';
import { trackingRulesSchema } from './tracking.js';

/**
 * Write schemas of the settings records served by the generic resource routes (issue 4 §2, §4).
 * Create bodies are these objects; update bodies are any part of them plus the `version` the
 * editor loaded (a stale version is answered with Conflict, never overwritten).
 */

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date such as 2026-01-31');
const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'a time such as 06:30');
const name = z.string().trim().min(1).max(100);

export const lookupWriteSchema = z.strictObject({
  key: z.string().trim().min(1).max(500),
  class: z.number().int().min(0).max(9999).default(0),
  type: z.number().int().min(0).max(9999).default(0),
  meta: z.record(z.string(), z.unknown()).default({}),
  remark: z.string().max(500).default(''),
});

/**
 * The company rules the server reads by key, each with its schema: a value saved under one of these
 * keys must fit it (no unknown field, every bound kept), so a typo cannot leave the floor on defaults.
 */
export const RULE_SETTINGS = {
  'manifests.rules': manifestRulesSchema.strict(),
  'packing.rules': packingRulesSchema.strict(),
  'tracking.rules': trackingRulesSchema.strict(),
} as const;
export type RuleSettingKey = keyof typeof RULE_SETTINGS;
const isRuleSetting = (key: string): key is RuleSettingKey => Object.hasOwn(RULE_SETTINGS, key);

export const settingWriteSchema = z
  .strictObject({
    key: z
      .string()
      .trim()
      .min(3)
      .max(200)
      .regex(/^[a-z][\w.:-]*$/, 'a lower-case letter, then letters, digits, dot, colon, dash or underscore'),
    value: z.unknown().refine((v) => v !== undefined, 'required'),
    description: z.string().max(500).default(''),
  })
  .superRefine((setting, ctx) => {
    if (!isRuleSetting(setting.key) || setting.value === undefined) return;
    const checked = RULE_SETTINGS[setting.key].safeParse(setting.value);
    if (checked.success) return;
    for (const issue of checked.error.issues) ctx.addIssue({ ...issue, path: ['value', ...issue.path] } as Parameters<typeof ctx.addIssue>[0]);
  });

export const TAX_KINDS = ['standard', 'reduced', 'superReduced', 'zero'] as const;
export const taxRateWriteSchema = z
  .strictObject({
    country: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{2}$/, 'a two-letter country code'),
    kind: z.enum(TAX_KINDS),
    rate: z.number().min(0).max(100).multipleOf(0.01),
    validFrom: isoDate,
    validTo: isoDate.nullable().default(null),
  })
  .refine((t) => !t.validTo || t.validTo >= t.validFrom, { path: ['validTo'], message: 'before valid from' });

export const PRINTER_KINDS = ['label100x150', 'a4', 'thermal'] as const;
export const DOCUMENT_KINDS = ['shippingLabel', 'deliveryNote', 'picklist', 'invoice', 'itemLabel', 'compartmentLabel', 'boxLabel', 'palletLabel'] as const;
export const printerWriteSchema = z.strictObject({
  name,
  kind: z.enum(PRINTER_KINDS),
  agentUrl: z.union([z.literal(''), z.url({ protocol: /^https?$/ }).max(300)]).default(''),
  printerName: z.string().trim().max(200).default(''),
  stationUserId: z.number().int().positive().nullable().default(null),
  documentKinds: z.array(z.enum(DOCUMENT_KINDS)).max(DOCUMENT_KINDS.length).default([]),
  disabled: z.boolean().default(false),
});

const localized = (max: number) => z.string().trim().max(max).default('');
export const announcementWriteSchema = z
  .strictObject({
    titleEn: z.string().trim().min(1).max(200),
    titleCn: localized(200),
    titleDe: localized(200),
    textEn: z.string().trim().min(1).max(5000),
    textCn: localized(5000),
    textDe: localized(5000),
    audienceRoles: z.array(z.string().max(64)).max(50).default([]),
    publishFrom: z.iso.datetime({ offset: true }),
    publishTo: z.iso.datetime({ offset: true }).nullable().default(null),
  })
  .refine((a) => !a.publishTo || Date.parse(a.publishTo) > Date.parse(a.publishFrom), { path: ['publishTo'], message: 'not after publish from' });

export const workClassWriteSchema = z.strictObject({
  name,
  startTime: clock,
  endTime: clock,
  remark: z.string().max(500).default(''),
});

export const dutyWriteSchema = z
  .strictObject({
    userId: z.number().int().positive(),
    classId: z.number().int().positive(),
    weekdays: z
      .array(z.number().int().min(1).max(7))
      .min(1)
      .max(7)
      .refine((d) => new Set(d).size === d.length, 'each weekday once'),
    validFrom: isoDate,
    validTo: isoDate.nullable().default(null),
  })
  .refine((t) => !t.validTo || t.validTo >= t.validFrom, { path: ['validTo'], message: 'before valid from' });

/** `GET /v0/settings/config?q=map:rma:businessType` (facts §2.2): the value stored under a key. */
export const configQuerySchema = z.strictObject({ q: z.string().trim().min(3).max(200) });
/** `GET /v0/lookup/kct?c=0&t=1&k=…` (facts §2.2): the memory stored under key, class and type. */
export const lookupKctQuerySchema = z.strictObject({
  k: z.string().min(1).max(500),
  c: z.coerce.number().int().min(0).default(0),
  t: z.coerce.number().int().min(0).default(0),
});

/** Warehouses and compartments (issue 5 §1); served by the generic resource routes. */
export const COMPARTMENT_KINDS = ['pick', 'bulk', 'inboundStaging', 'returns', 'damaged', 'problem', 'outboundStaging'] as const;

export const warehouseWriteSchema = z.strictObject({
  code: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]{2,10}$/, '2 to 10 letters or digits, such as DE01'),
  name: z.string().trim().min(1).max(100),
  address: z.record(z.string(), z.string().max(200)).default({}),
  timeZone: z
    .string()
    .max(64)
    .refine((tz) => {
      try {
        new Intl.DateTimeFormat('en', { timeZone: tz });
        return true;
      } catch {
        return false;
      }
    }, 'a time zone such as Europe/Berlin')
    .default('Europe/Berlin'),
});

const positive = (max: number) => z.number().positive().max(max).nullable().default(null);
export const compartmentWriteSchema = z.strictObject({
  warehouseId: z.number().int().positive(),
  code: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9][A-Z0-9-]{0,29}$/, 'letters, digits and dashes, such as A-01-02'),
  zone: z.string().trim().toUpperCase().max(20).default(''),
  kind: z.enum(COMPARTMENT_KINDS),
  priority: z.number().int().min(0).max(100_000).default(100),
  capacityUnits: z.number().int().positive().max(100_000_000).nullable().default(null),
  capacityWeight: positive(1_000_000),
  capacityVolume: positive(1_000_000),
  blocked: z.boolean().default(false),
});
