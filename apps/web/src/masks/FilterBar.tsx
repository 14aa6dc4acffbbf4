import type { Locale } from '@kontor/contracts';
import { DatePicker, Input, InputNumber, Select, Space } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FilterSpec } from './derive.js';
import { rangeValue, splitRange } from './list-state.js';
import { LookupSelect } from './LookupSelect.js';

interface Props {
  specs: FilterSpec[];
  locale: Locale;
  values: Record<string, string | string[]>;
  onChange(key: string, value: string | string[] | undefined): void;
}

/** From and to of a number filter, applied together when the user leaves the pair or presses Enter. */
function NumberRange({
  label,
  toLabel,
  value,
  testId,
  onCommit,
}: {
  label: string;
  toLabel: string;
  value: string | string[] | undefined;
  testId: string;
  onCommit(v: string | undefined): void;
}) {
  const [initialFrom, initialTo] = splitRange(value);
  const [from, setFrom] = useState<number | null>(initialFrom === '' ? null : Number(initialFrom));
  const [to, setTo] = useState<number | null>(initialTo === '' ? null : Number(initialTo));
  const commit = () => {
    const next = rangeValue(from, to);
    if (next !== rangeValue(initialFrom, initialTo)) onCommit(next || undefined);
  };
  return (
    <span
      data-testid={testId}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) commit();
      }}
    >
      <Space.Compact>
        <InputNumber placeholder={label} value={from} onChange={setFrom} onPressEnter={commit} />
        <InputNumber placeholder={toLabel} value={to} onChange={setTo} onPressEnter={commit} />
      </Space.Compact>
    </span>
  );
}

/** The filter controls of a list, one per filterable field, each writing the list call's syntax. */
export function FilterBar({ specs, locale, values, onChange }: Props) {
  const { t } = useTranslation();
  // A text filter applies when it changed: leaving the field without typing changes nothing.
  const commitText = (key: string, typed: string, current: string | string[] | undefined) => {
    const next = typed.trim() || undefined;
    if (next !== (Array.isArray(current) ? current[0] : current)) onChange(key, next);
  };
  return (
    <Space wrap size={[8, 8]} data-testid="mask-filters">
      {specs.map((spec) => {
        const value = values[spec.key];
        const testId = `filter-${spec.key}`;
        switch (spec.control) {
          case 'select':
            return (
              <Select
                key={spec.key}
                mode="multiple"
                allowClear
                maxTagCount="responsive"
                placeholder={spec.label}
                style={{ minWidth: 160 }}
                value={value === undefined ? [] : Array.isArray(value) ? value : [value]}
                onChange={(v: string[]) => onChange(spec.key, v.length ? v.map(String) : undefined)}
                options={spec.options?.map((o) => ({ value: String(o.value), label: o.label }))}
                data-testid={testId}
              />
            );
          case 'boolean':
            return (
              <Select
                key={spec.key}
                allowClear
                placeholder={spec.label}
                style={{ width: 140 }}
                value={value as string | undefined}
                onChange={(v?: string) => onChange(spec.key, v)}
                options={[
                  { value: 'true', label: `${spec.label}: ${t('mask.yes')}` },
                  { value: 'false', label: `${spec.label}: ${t('mask.no')}` },
                ]}
                data-testid={testId}
              />
            );
          case 'dateRange': {
            const [from, to] = splitRange(value);
            const withTime = spec.field.type === 'datetime';
            const toText = (d: dayjs.Dayjs | null, end: boolean) =>
              !d ? '' : withTime ? (end ? d.endOf('day') : d.startOf('day')).toISOString() : d.format('YYYY-MM-DD');
            return (
              <DatePicker.RangePicker
                key={spec.key}
                allowEmpty={[true, true]}
                placeholder={[spec.label, t('mask.to')]}
                value={[from ? dayjs(from) : null, to ? dayjs(to) : null]}
                onChange={(range) => onChange(spec.key, rangeValue(toText(range?.[0] ?? null, false), toText(range?.[1] ?? null, true)) || undefined)}
                data-testid={testId}
              />
            );
          }
          case 'numberRange':
            return (
              <NumberRange
                key={`${spec.key}:${String(value ?? '')}`}
                label={spec.label}
                toLabel={t('mask.to')}
                value={value}
                testId={testId}
                onCommit={(v) => onChange(spec.key, v)}
              />
            );
          case 'lookup':
            return spec.field.lookup ? (
              <LookupSelect
                key={spec.key}
                {...spec.field.lookup}
                placeholder={spec.label}
                style={{ minWidth: 180 }}
                value={value === undefined ? undefined : Number.isNaN(Number(value)) ? value : Number(value)}
                onChange={(v) => onChange(spec.key, v === null || v === undefined ? undefined : String(v))}
                testId={testId}
              />
            ) : null;
          default:
            return (
              <Input
                key={spec.key}
                allowClear
                placeholder={spec.label}
                style={{ width: 160 }}
                defaultValue={value as string | undefined}
                onPressEnter={(e) => commitText(spec.key, (e.target as HTMLInputElement).value, value)}
                onBlur={(e) => commitText(spec.key, e.target.value, value)}
                lang={locale}
                data-testid={testId}
              />
            );
        }
      })}
    </Space>
  );
}
