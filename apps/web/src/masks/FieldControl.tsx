import type { Locale } from '@kontor/contracts';
import { DatePicker, Input, InputNumber, Select, Switch } from 'antd';
import dayjs from 'dayjs';
import type { FormItemSpec } from './derive.js';
import { LinesControl } from './LinesControl.js';
import { LookupSelect } from './LookupSelect.js';

interface Props {
  spec: FormItemSpec;
  locale: Locale;
  value?: unknown;
  onChange?: (value: unknown) => void;
}

/** A date kept as `YYYY-MM-DD` text, a date-time as an ISO instant: the shapes the server takes. */
function DateInput({ value, onChange, withTime, testId }: { value?: unknown; onChange?: (v: unknown) => void; withTime: boolean; testId: string }) {
  const parsed = typeof value === 'string' && value ? dayjs(value) : null;
  return (
    <DatePicker
      showTime={withTime}
      value={parsed?.isValid() ? parsed : null}
      onChange={(d) => onChange?.(d ? (withTime ? d.toISOString() : d.format('YYYY-MM-DD')) : null)}
      style={{ width: '100%' }}
      data-testid={testId}
    />
  );
}

/** The input of one form field, chosen by the control the definition derived for it. */
export function FieldControl({ spec, locale, value, onChange }: Props) {
  const testId = `field-${spec.key}`;
  const common = { disabled: spec.disabled, 'data-testid': testId };
  switch (spec.control) {
    case 'textarea':
      return <Input.TextArea {...common} value={(value as string) ?? ''} onChange={(e) => onChange?.(e.target.value)} autoSize={{ minRows: 2, maxRows: 8 }} />;
    case 'json':
    case 'address':
      return (
        <Input.TextArea
          {...common}
          value={(value as string) ?? ''}
          onChange={(e) => onChange?.(e.target.value)}
          autoSize={{ minRows: 3, maxRows: 14 }}
          style={{ fontFamily: 'monospace' }}
          spellCheck={false}
        />
      );
    case 'number':
    case 'money':
      return (
        <InputNumber
          {...common}
          value={value as number | null}
          onChange={(v) => onChange?.(v)}
          style={{ width: '100%' }}
          precision={spec.control === 'money' ? 2 : undefined}
        />
      );
    case 'date':
    case 'datetime':
      return spec.disabled ? (
        <Input disabled value={String(value ?? '')} />
      ) : (
        <DateInput value={value} onChange={onChange} withTime={spec.control === 'datetime'} testId={testId} />
      );
    case 'switch':
      return <Switch {...common} checked={!!value} onChange={(v) => onChange?.(v)} />;
    case 'select':
      return (
        <Select
          {...common}
          allowClear={!spec.field.required}
          mode={spec.field.multiple ? 'multiple' : undefined}
          value={value as string | undefined}
          onChange={(v) => onChange?.(v ?? null)}
          options={spec.options?.map((o) => ({ value: o.value as string, label: o.label }))}
        />
      );
    case 'lines':
      return <LinesControl field={spec.field} value={value} onChange={onChange} disabled={spec.disabled} testId={testId} />;
    case 'lookup':
      return spec.field.lookup ? (
        <LookupSelect {...spec.field.lookup} value={value} onChange={onChange} multiple={spec.field.multiple} testId={testId} />
      ) : null;
    default:
      // A text field holding several entries (barcodes, aliases): typed or scanned, Enter adds one.
      if (spec.field.multiple)
        return (
          <Select
            {...common}
            mode="tags"
            open={false}
            tokenSeparators={[',', ' ', ';']}
            value={Array.isArray(value) ? (value as string[]) : []}
            onChange={(v: string[]) => onChange?.(v.map((s) => s.trim()).filter(Boolean))}
            suffixIcon={null}
          />
        );
      return <Input {...common} value={(value as string) ?? ''} onChange={(e) => onChange?.(e.target.value)} lang={locale} />;
  }
}
