import type { Locale } from '@kontor/contracts';
import type { FieldType, Mask, MaskField } from '@kontor/contracts/masks';
import { formatDateTime, formatMoney, na } from '../lib/format.js';

/**
 * The one pure function family that turns a mask into a screen (issue 4 §3): list columns, filter
 * controls, form inputs with their rules, and the display text of a value. Plain data, so it is
 * tested without rendering and every generic screen shows a field the same way.
 */

export type Control =
  'text' | 'textarea' | 'number' | 'money' | 'date' | 'datetime' | 'select' | 'lookup' | 'switch' | 'upload' | 'image' | 'address' | 'json' | 'lines';

const CONTROL: Record<FieldType, Control> = {
  text: 'text',
  textarea: 'textarea',
  number: 'number',
  money: 'money',
  date: 'date',
  datetime: 'datetime',
  enum: 'select',
  lookup: 'lookup',
  boolean: 'switch',
  file: 'upload',
  image: 'image',
  address: 'address',
  json: 'json',
  lines: 'lines',
};

export interface ColumnSpec {
  key: string;
  title: string;
  width?: number;
  sortable: boolean;
  align: 'left' | 'right' | 'center';
  field: MaskField;
}

export interface FilterSpec {
  key: string;
  label: string;
  control: 'text' | 'select' | 'dateRange' | 'numberRange' | 'boolean' | 'lookup';
  options?: Array<{ value: string | number | boolean; label: string }>;
  field: MaskField;
}

export interface RuleSpec {
  required?: boolean;
  pattern?: string;
  min?: number;
  max?: number;
  kind: 'required' | 'pattern' | 'min' | 'max' | 'minLength' | 'maxLength';
}

export interface FormItemSpec {
  key: string;
  label: string;
  control: Control;
  rules: RuleSpec[];
  options?: Array<{ value: string | number | boolean; label: string }>;
  disabled: boolean;
  field: MaskField;
}

const optionsOf = (field: MaskField, locale: Locale) => field.options?.map((o) => ({ value: o.value, label: o.label[locale] }));

export function columnsFor(mask: Mask, locale: Locale): ColumnSpec[] {
  return mask.fields
    .filter((f) => !f.hidden && f.type !== 'json' && f.type !== 'lines')
    .map((field) => ({
      key: field.id,
      title: field.label[locale],
      width: field.width,
      sortable: field.sortable,
      align: field.type === 'number' || field.type === 'money' ? 'right' : field.type === 'boolean' ? 'center' : 'left',
      field,
    }));
}

export function filtersFor(mask: Mask, locale: Locale): FilterSpec[] {
  return mask.fields
    .filter((f) => f.filterable)
    .map((field) => {
      const base = { key: field.id, label: field.label[locale], field };
      switch (field.type) {
        case 'enum':
          return { ...base, control: 'select' as const, options: optionsOf(field, locale) };
        case 'lookup':
          return { ...base, control: 'lookup' as const };
        case 'boolean':
          return { ...base, control: 'boolean' as const };
        case 'date':
        case 'datetime':
          return { ...base, control: 'dateRange' as const };
        case 'number':
        case 'money':
          return { ...base, control: 'numberRange' as const };
        default:
          return { ...base, control: 'text' as const };
      }
    });
}

function rulesOf(field: MaskField): RuleSpec[] {
  const rules: RuleSpec[] = [];
  if (field.required) rules.push({ kind: 'required', required: true });
  if (field.pattern) rules.push({ kind: 'pattern', pattern: field.pattern });
  const numeric = field.type === 'number' || field.type === 'money';
  if (field.min !== undefined) rules.push({ kind: numeric ? 'min' : 'minLength', min: field.min });
  if (field.max !== undefined) rules.push({ kind: numeric ? 'max' : 'maxLength', max: field.max });
  return rules;
}

/** Whether a form in this mode holds the field: fields hidden in the list are still edited in forms. */
export function inForm(field: MaskField, mode: 'create' | 'edit', pk = 'id'): boolean {
  if (field.id === pk && field.creatable !== true) return false;
  return mode === 'create' ? (field.creatable ?? field.editable) : field.editable || field.creatable === true;
}

/** Whether the field's value is sent when the form is saved in this mode. */
const sent = (field: MaskField, mode: 'create' | 'edit') => (mode === 'create' ? (field.creatable ?? field.editable) : field.editable);

export function formItemsFor(mask: Mask, locale: Locale, mode: 'create' | 'edit'): FormItemSpec[] {
  return mask.fields
    .filter((f) => inForm(f, mode, mask.pk))
    .map((field) => ({
      key: field.id,
      label: field.label[locale],
      control: CONTROL[field.type],
      rules: rulesOf(field),
      options: optionsOf(field, locale),
      disabled: mode === 'edit' && !field.editable,
      field,
    }));
}

const YES_NO: Record<Locale, [string, string]> = { en: ['Yes', 'No'], cn: ['是', '否'], de: ['Ja', 'Nein'] };

/** The text of a value as lists and detail views show it (spec §9: dates, two-decimal money, N/A). */
export function displayValue(field: MaskField, value: unknown, locale: Locale, row?: Record<string, unknown>): string {
  if (value === null || value === undefined || value === '') return na();
  switch (field.type) {
    case 'date':
      return formatDateTime(value).slice(0, 10);
    case 'datetime':
      return formatDateTime(value);
    case 'money':
      return formatMoney(value, field.currencyField ? String(row?.[field.currencyField] ?? '') || undefined : undefined, locale);
    case 'boolean':
      return YES_NO[locale][value ? 0 : 1];
    case 'enum': {
      const label = (v: unknown) => field.options?.find((o) => o.value === v || String(o.value) === String(v))?.label[locale] ?? String(v);
      return Array.isArray(value) ? value.map(label).join(', ') || na() : label(value);
    }
    case 'address': {
      const a = value as Record<string, unknown>;
      return (
        [a.name1, [a.streetName, a.streetNumber].filter(Boolean).join(' '), [a.ZIP, a.city].filter(Boolean).join(' '), a.country].filter(Boolean).join(', ') ||
        na()
      );
    }
    case 'json':
      return JSON.stringify(value);
    case 'lines': {
      const { itemKey, quantityKey } = field.lines!;
      const lines = Array.isArray(value) ? (value as Array<Record<string, unknown>>) : [];
      return lines.map((l) => `#${String(l[itemKey])} × ${String(l[quantityKey])}`).join(', ') || na();
    }
    default:
      return Array.isArray(value) ? value.map(String).join(', ') || na() : String(value);
  }
}

/**
 * A record as the form edits it: JSON fields as pretty text (edited in a text area), everything else
 * as stored. `fromForm` turns the form's values back into the record the server validates (empty
 * optional fields left out, so the server's defaults apply); text
 * that is not JSON comes back as an error per field instead of being sent.
 */
export function toForm(mask: Mask, row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of mask.fields) {
    const value = row[field.id];
    out[field.id] = field.type === 'json' || field.type === 'address' ? (value === undefined || value === null ? '' : JSON.stringify(value, null, 2)) : value;
  }
  return out;
}

export function fromForm(
  mask: Mask,
  values: Record<string, unknown>,
  mode: 'create' | 'edit' = 'edit',
): { values: Record<string, unknown>; errors: Record<string, string> } {
  const out: Record<string, unknown> = {};
  const errors: Record<string, string> = {};
  for (const field of mask.fields) {
    if (!inForm(field, mode, mask.pk) || !sent(field, mode) || !(field.id in values)) continue;
    let value = values[field.id];
    if (field.type === 'json' || field.type === 'address') {
      const text = typeof value === 'string' ? value.trim() : '';
      // Left empty, a JSON field is not sent: the server applies its default ({} or []).
      if (!text) {
        if (field.required) out[field.id] = null;
        continue;
      }
      try {
        value = JSON.parse(text);
      } catch {
        errors[field.id] = 'json';
        continue;
      }
    }
    // Lines without an item (a row added and never filled) are not sent.
    if (field.type === 'lines' && Array.isArray(value)) value = (value as Array<Record<string, unknown>>).filter((l) => l[field.lines!.itemKey] != null);
    const empty = value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
    // An empty optional field is not sent: the server applies its default (100, false, '', null).
    if (empty && !field.required) continue;
    out[field.id] = empty ? null : value;
  }
  return { values: out, errors };
}
