import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { MaskField } from '@kontor/contracts/masks';
import { Button, Form, InputNumber, Select, Space, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { request } from '../api/request.js';
import { na } from '../lib/format.js';

type Row = Record<string, unknown>;
type Spec = NonNullable<MaskField['lines']>;

const labelOf = (spec: Spec, row: Row) =>
  [row[spec.lookup.labelField], spec.lookup.nameField ? row[spec.lookup.nameField] : undefined]
    .filter((v) => v !== undefined && v !== null && v !== '')
    .join(' · ');

/** The labels of the items already on the lines (read once per set of ids). */
function useKnownLabels(spec: Spec, ids: unknown[]) {
  const [labels, setLabels] = useState<Map<string, string>>(new Map());
  const wanted = ids.filter((id) => id !== null && id !== undefined).map(String);
  const missing = wanted.filter((id) => !labels.has(id)).join(',');
  useEffect(() => {
    if (!missing) return;
    const controller = new AbortController();
    request<{ data: Row[] } | Row[]>({
      url: spec.lookup.api,
      params: { [spec.lookup.valueField]: missing.split(','), l: 100 },
      quiet: true,
      signal: controller.signal,
    }).then(
      (data) =>
        setLabels((current) => {
          const next = new Map(current);
          for (const row of Array.isArray(data) ? data : data.data) next.set(String(row[spec.lookup.valueField]), labelOf(spec, row));
          return next;
        }),
      () => undefined,
    );
    return () => controller.abort();
  }, [missing, spec]);
  return [labels, setLabels] as const;
}

/** An item picker searching the lookup source as the user types (SKU or name), within the scope. */
function ItemPicker(props: {
  spec: Spec;
  scope: unknown;
  value: unknown;
  labels: Map<string, string>;
  onPick(id: unknown, label: string): void;
  disabled?: boolean;
  testId: string;
}) {
  const { spec, scope, value, labels, onPick, disabled, testId } = props;
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [rows, setRows] = useState<Row[]>([]);
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (!open) return;
    const controller = new AbortController();
    const params: Record<string, unknown> = { q: search || undefined, l: 20 };
    if (spec.scopeField) params[spec.scopeField] = scope;
    const timer = setTimeout(() => {
      request<{ data: Row[] } | Row[]>({ url: spec.lookup.api, params, quiet: true, signal: controller.signal }).then(
        (data) => setRows(Array.isArray(data) ? data : data.data),
        () => undefined,
      );
    }, 250);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [open, search, scope, spec]);
  const options = useMemo(() => {
    const found = rows.map((r) => ({ value: r[spec.lookup.valueField] as number | string, label: labelOf(spec, r) }));
    const current = value === null || value === undefined ? null : String(value);
    if (current && !found.some((o) => String(o.value) === current))
      found.unshift({ value: value as number | string, label: labels.get(current) ?? `#${current}` });
    return found;
  }, [rows, spec, value, labels]);
  return (
    <Select
      showSearch={{ filterOption: false, onSearch: setSearch }}
      value={value as number | string | undefined}
      placeholder={t('mask.linesItem')}
      onOpenChange={setOpen}
      onChange={(v: number | string) => onPick(v, options.find((o) => o.value === v)?.label ?? '')}
      options={options}
      disabled={disabled}
      style={{ flex: 1, minWidth: 0 }}
      data-testid={testId}
    />
  );
}

interface Props {
  field: MaskField;
  value?: unknown;
  onChange?: (value: unknown) => void;
  disabled?: boolean;
  testId: string;
}

/**
 * A `lines` field (issue 5 §2, components of items of types 3–5): rows of an item picked by SKU or name
 * and a quantity, added and removed one by one. With `scopeField` the picker offers only items of that
 * form field's value (the item's merchant), and waits until it is chosen.
 */
export function LinesControl({ field, value, onChange, disabled, testId }: Props) {
  const { t } = useTranslation();
  const spec = field.lines!;
  const form = Form.useFormInstance();
  const scope = Form.useWatch((values: Row) => (spec.scopeField ? values[spec.scopeField] : undefined), form);
  const lines = Array.isArray(value) ? (value as Row[]) : [];
  const [labels, setLabels] = useKnownLabels(
    spec,
    lines.map((l) => l[spec.itemKey]),
  );
  const waiting = !!spec.scopeField && (scope === undefined || scope === null);
  const set = (index: number, patch: Row) => onChange?.(lines.map((l, i) => (i === index ? { ...l, ...patch } : l)));

  return (
    <div data-testid={testId}>
      {lines.map((line, index) => (
        <Space.Compact key={index} style={{ display: 'flex', marginBottom: 8 }} data-testid={`lines-row-${index}`}>
          <ItemPicker
            spec={spec}
            scope={scope}
            value={line[spec.itemKey]}
            labels={labels}
            disabled={disabled}
            onPick={(id, label) => {
              setLabels((current) => new Map(current).set(String(id), label));
              set(index, { [spec.itemKey]: id });
            }}
            testId={`lines-item-${index}`}
          />
          <InputNumber
            min={1}
            precision={0}
            value={line[spec.quantityKey] as number | null | undefined}
            onChange={(v) => set(index, { [spec.quantityKey]: v })}
            placeholder={t('mask.linesQuantity')}
            aria-label={t('mask.linesQuantity')}
            disabled={disabled}
            style={{ width: 96 }}
            data-testid={`lines-quantity-${index}`}
          />
          <Button
            icon={<DeleteOutlined />}
            aria-label={t('mask.linesRemove')}
            disabled={disabled}
            onClick={() => onChange?.(lines.filter((_, i) => i !== index))}
            data-testid={`lines-remove-${index}`}
          />
        </Space.Compact>
      ))}
      {!disabled && (
        <Button
          type="dashed"
          block
          icon={<PlusOutlined />}
          disabled={waiting}
          onClick={() => onChange?.([...lines, { [spec.itemKey]: null, [spec.quantityKey]: 1 }])}
          data-testid={`${testId}-add`}
        >
          {t('mask.linesAdd')}
        </Button>
      )}
      {waiting && !disabled && <Typography.Text type="secondary">{t('mask.linesScopeFirst')}</Typography.Text>}
    </div>
  );
}

/** A `lines` value as the detail view shows it: the items by label with their quantities. */
export function LinesView({ field, value }: { field: MaskField; value: unknown }) {
  const spec = field.lines!;
  const lines = Array.isArray(value) ? (value as Row[]) : [];
  const [labels] = useKnownLabels(
    spec,
    lines.map((l) => l[spec.itemKey]),
  );
  if (!lines.length) return <>{na()}</>;
  return (
    <Space orientation="vertical" size={0}>
      {lines.map((l, i) => (
        <span key={i}>
          {labels.get(String(l[spec.itemKey])) ?? `#${String(l[spec.itemKey])}`} × {String(l[spec.quantityKey])}
        </span>
      ))}
    </Space>
  );
}
