import { z } from 'zod';

/**
 * Mask definitions (spec §2 "/maske/... pages are definition-driven", §3 "Mask definition", issue 4):
 * one JSON document describes a list, form, label or download screen — its data source, primary key,
 * fields, sort, filters, actions and their fetch steps. The server stores them, validated by this
 * schema when seeded and when edited; the console derives columns, filters and form inputs from them.
 */

/** Spec §5: custom field ids accept only letters and begin with a lower-case letter. */
export const FIELD_ID_PATTERN = /^[a-z][a-zA-Z]*$/;

const text = z.string().min(1).max(200);
export const labelsSchema = z.strictObject({ en: text, cn: text, de: text });
export type Labels = z.infer<typeof labelsSchema>;

const apiPath = z
  .string()
  .min(2)
  .max(300)
  .regex(/^(\/v0\/|@carrier-gate\/)[\w\-/.{}:]*$/, 'must be an API path starting with /v0/');
const method = z.enum(['GET', 'POST', 'PUT', 'DELETE', 'PATCH']);

/** `navigation`: no screen of its own, only fetch steps (the shell's unfinished-tasks counter). */
export const MASK_KINDS = ['list', 'form', 'label', 'labelMultiple', 'download', 'navigation'] as const;
export const FIELD_TYPES = [
  'text',
  'textarea',
  'number',
  'money',
  'date',
  'datetime',
  'enum',
  'lookup',
  'boolean',
  'file',
  'image',
  'address',
  'json',
  'lines',
] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

/** A call made by an action or by a navigation mask: `fetch` with api, method and the record key. */
export const fetchStepSchema = z.strictObject({
  type: z.literal('fetch'),
  api: apiPath,
  method: method.default('GET'),
  /** Which record value fills the call (`pk` of the row by default). */
  pk: z.string().max(64).optional(),
});
export type FetchStep = z.infer<typeof fetchStepSchema>;

export const fieldSchema = z
  .strictObject({
    id: z.string().max(64).regex(FIELD_ID_PATTERN, 'letters only, beginning with a lower-case letter'),
    label: labelsSchema,
    type: z.enum(FIELD_TYPES),
    required: z.boolean().default(false),
    pattern: z.string().max(300).optional(),
    min: z.number().optional(),
    max: z.number().optional(),
    options: z
      .array(z.strictObject({ value: z.union([z.string(), z.number(), z.boolean()]), label: labelsSchema, color: z.string().max(30).optional() }))
      .optional(),
    lookup: z.strictObject({ api: apiPath, valueField: z.string().max(64), labelField: z.string().max(64) }).optional(),
    /** An enum or lookup field holding a list of values; a text field holding a list of free entries (tags: barcodes). */
    multiple: z.boolean().default(false),
    /**
     * A `lines` field: a list of records each naming an item picked from `lookup` and a quantity
     * (components of an item). `scopeField` is a field of the same form whose value narrows the
     * picker (sent as that parameter: `merchantId`, items of the same merchant).
     */
    lines: z
      .strictObject({
        lookup: z.strictObject({ api: apiPath, valueField: z.string().max(64), labelField: z.string().max(64), nameField: z.string().max(64).optional() }),
        itemKey: z.string().max(64).default('itemId'),
        quantityKey: z.string().max(64).default('quantity'),
        scopeField: z.string().max(64).optional(),
      })
      .optional(),
    /** The field holding the currency of a money field (EUR or USD). */
    currencyField: z.string().max(64).optional(),
    width: z.number().int().min(40).max(1000).optional(),
    sortable: z.boolean().default(false),
    filterable: z.boolean().default(false),
    hidden: z.boolean().default(false),
    editable: z.boolean().default(true),
    /** Entered when the record is created even though it is fixed afterwards (a merchant code); defaults to editable. */
    creatable: z.boolean().optional(),
  })
  .superRefine((field, ctx) => {
    if (field.type === 'enum' && !field.options?.length) ctx.addIssue({ code: 'custom', path: ['options'], message: 'an enum field needs options' });
    if (field.type === 'lookup' && !field.lookup) ctx.addIssue({ code: 'custom', path: ['lookup'], message: 'a lookup field needs a lookup source' });
    if (field.type === 'lines' && !field.lines) ctx.addIssue({ code: 'custom', path: ['lines'], message: 'a lines field needs its item source' });
    if (field.multiple && field.type !== 'enum' && field.type !== 'lookup' && field.type !== 'text')
      ctx.addIssue({ code: 'custom', path: ['multiple'], message: 'only enum, lookup and text fields hold several values' });
    if (field.min !== undefined && field.max !== undefined && field.min > field.max)
      ctx.addIssue({ code: 'custom', path: ['min'], message: 'min is above max' });
    if (field.pattern) {
      try {
        new RegExp(field.pattern);
      } catch {
        ctx.addIssue({ code: 'custom', path: ['pattern'], message: 'not a valid regular expression' });
      }
    }
  });
export type MaskField = z.infer<typeof fieldSchema>;

export const actionSchema = z.strictObject({
  id: z.string().max(64).regex(FIELD_ID_PATTERN, 'letters only, beginning with a lower-case letter'),
  label: labelsSchema,
  /** Privilege needed to see and run it; the server checks it again on the call. */
  privilege: z.string().max(100).optional(),
  /** Asked before running, in the three languages. */
  confirm: labelsSchema.optional(),
  /** Offered for a selection of rows as well as for one row. */
  bulk: z.boolean().default(false),
  danger: z.boolean().default(false),
  next: z.array(fetchStepSchema).min(1).max(10),
});
export type MaskAction = z.infer<typeof actionSchema>;

export const maskSchema = z
  .strictObject({
    name: z
      .string()
      .min(1)
      .max(100)
      .regex(/^[a-zA-Z][\w.-]*$/, 'letters, digits, dot, dash and underscore'),
    kind: z.enum(MASK_KINDS),
    title: labelsSchema,
    dataSrc: z.strictObject({ api: apiPath, method: method.default('GET'), params: z.record(z.string(), z.unknown()).optional() }).optional(),
    pk: z.string().max(64).default('id'),
    fields: z.array(fieldSchema).max(200).default([]),
    defaultSort: z.strictObject({ field: z.string().max(64), order: z.enum(['asc', 'desc']) }).optional(),
    defaultFilters: z.record(z.string(), z.unknown()).optional(),
    actions: z.array(actionSchema).max(50).default([]),
    download: z.strictObject({ api: apiPath, method: method.default('GET'), fileName: z.string().max(200).optional() }).optional(),
    /** Fetch steps of a navigation mask (the unfinished-tasks counter adds their counts). */
    next: z.array(fetchStepSchema).max(20).optional(),
    /** Offer the `q` search box (the list call must support `q`). */
    search: z.boolean().default(true),
    /** Privilege needed to open the mask's screen. */
    privilege: z.string().max(100).optional(),
    /**
     * Record editing through the generic resource routes of `dataSrc.api` (POST, PUT and DELETE on
     * `{api}{pk}`): the privilege each needs; a missing one means the screen does not offer it.
     */
    write: z
      .strictObject({ create: z.string().max(100).optional(), update: z.string().max(100).optional(), delete: z.string().max(100).optional() })
      .optional(),
    /** The export of the current filter: a background job answering a file. */
    export: z.strictObject({ api: apiPath, privilege: z.string().max(100).optional() }).optional(),
  })
  .superRefine((mask, ctx) => {
    const ids = new Set<string>();
    mask.fields.forEach((field, index) => {
      if (ids.has(field.id)) ctx.addIssue({ code: 'custom', path: ['fields', index, 'id'], message: `duplicate field id ${field.id}` });
      ids.add(field.id);
    });
    if ((mask.kind === 'list' || mask.kind === 'form') && !mask.dataSrc)
      ctx.addIssue({ code: 'custom', path: ['dataSrc'], message: `a ${mask.kind} mask needs a data source` });
    if (mask.kind === 'navigation' && !mask.next) ctx.addIssue({ code: 'custom', path: ['next'], message: 'a navigation mask needs next steps' });
    if (mask.kind === 'download' && !mask.download) ctx.addIssue({ code: 'custom', path: ['download'], message: 'a download mask needs download' });
    if (mask.defaultSort && !ids.has(mask.defaultSort.field))
      ctx.addIssue({ code: 'custom', path: ['defaultSort', 'field'], message: `unknown field ${mask.defaultSort.field}` });
    if (mask.kind === 'list' && mask.fields.length && mask.pk !== 'id' && !ids.has(mask.pk))
      ctx.addIssue({ code: 'custom', path: ['pk'], message: `unknown field ${mask.pk}` });
  });
export type Mask = z.infer<typeof maskSchema>;
export type MaskInput = z.input<typeof maskSchema>;

export interface MaskProblem {
  path: string;
  message: string;
}

/** Validates a mask given as JSON text or object; problems name the path at fault (`fields.2.id`). */
export function parseMask(input: unknown): { ok: true; mask: Mask } | { ok: false; problems: MaskProblem[] } {
  let value = input;
  if (typeof input === 'string') {
    try {
      value = JSON.parse(input);
    } catch (err) {
      return { ok: false, problems: [{ path: '', message: `not valid JSON: ${(err as Error).message}` }] };
    }
  }
  const result = maskSchema.safeParse(value);
  if (result.success) return { ok: true, mask: result.data };
  return { ok: false, problems: result.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })) };
}

/** `GET /v0/masken/?q={name}` answers the definition as JSON text (spec §7, facts §2.2). */
export const maskResponseSchema = z.object({ mask: z.string() });
export const maskQuerySchema = z.strictObject({ q: z.string().min(1).max(100) });
