import { Select } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { request } from '../api/request.js';

interface Props {
  api: string;
  valueField: string;
  labelField: string;
  value?: unknown;
  onChange?: (value: unknown) => void;
  multiple?: boolean;
  placeholder?: string;
  style?: React.CSSProperties;
  testId?: string;
}

type Row = Record<string, unknown>;

/** A select filled from a lookup source (`api?q=` searched on the server as the user types). */
export function LookupSelect({ api, valueField, labelField, value, onChange, multiple, placeholder, style, testId }: Props) {
  const [search, setSearch] = useState('');
  const [rows, setRows] = useState<Row[]>([]);
  useEffect(() => {
    const controller = new AbortController();
    const timer = setTimeout(() => {
      request<{ data: Row[] } | Row[]>({ url: api, params: { l: 50, q: search || undefined }, quiet: true, signal: controller.signal }).then(
        (data) => setRows(Array.isArray(data) ? data : data.data),
        () => undefined,
      );
    }, 250);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [api, search]);
  const options = useMemo(
    () => rows.map((r) => ({ value: r[valueField] as string | number, label: String(r[labelField] ?? r[valueField]) })),
    [rows, valueField, labelField],
  );
  return (
    <Select
      showSearch={{ filterOption: false, onSearch: setSearch }}
      allowClear
      mode={multiple ? 'multiple' : undefined}
      value={value as string | number | undefined}
      onChange={(v) => onChange?.(v ?? null)}
      options={options}
      placeholder={placeholder}
      style={style}
      data-testid={testId}
    />
  );
}
