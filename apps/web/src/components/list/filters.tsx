import { Select } from 'antd';
import type { CSSProperties } from 'react';

interface StatusFilterProps {
  placeholder: string;
  value: number[] | undefined;
  onChange(status: number[] | undefined): void;
  options: Array<{ value: number; label: string }>;
  testId: string;
  style?: CSSProperties;
  className?: string;
  searchable?: boolean;
}

/** Several statuses of a list's status table at once; none chosen means all. */
export function StatusFilter({ placeholder, value, onChange, options, testId, style, className, searchable }: StatusFilterProps) {
  return (
    <Select
      mode="multiple"
      allowClear
      maxTagCount="responsive"
      placeholder={placeholder}
      className={className}
      style={className ? undefined : (style ?? { minWidth: 180 })}
      value={value ?? []}
      onChange={(v: number[]) => onChange(v.length ? v : undefined)}
      options={options}
      showSearch={searchable ? { optionFilterProp: 'label' } : undefined}
      data-testid={testId}
    />
  );
}

interface MerchantFilterProps {
  placeholder: string;
  value: number | undefined;
  onChange(merchantId: number | undefined): void;
  merchants: Array<{ id: number; name: string }>;
  testId: string;
}

/** One merchant, searched by name; a merchant's own session has one merchant and shows no such filter. */
export function MerchantFilter({ placeholder, value, onChange, merchants, testId }: MerchantFilterProps) {
  return (
    <Select
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      placeholder={placeholder}
      style={{ minWidth: 200 }}
      value={value}
      onChange={(v?: number) => onChange(v)}
      options={merchants.map((m) => ({ value: m.id, label: m.name }))}
      data-testid={testId}
    />
  );
}
