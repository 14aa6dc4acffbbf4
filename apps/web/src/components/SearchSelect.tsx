import { Select } from 'antd';
import { useEffect, useMemo, useState } from 'react';

export interface SearchOption {
  value: number;
  label: string;
}

interface Props {
  /** Answers the options matching what was typed (empty: the first ones); failures answer none. */
  search(q: string, signal: AbortSignal): Promise<SearchOption[]>;
  value?: number | null;
  onChange?: (value: number | null, option?: SearchOption) => void;
  /** The label of the current value, known from the record, until the server's options arrive. */
  current?: SearchOption | null;
  placeholder?: string;
  disabled?: boolean;
  /** Searching again when this changes (the merchant whose items are offered). */
  scope?: unknown;
  testId?: string;
  style?: React.CSSProperties;
}

/** A select searched on the server as the user types (items by SKU, containers by number). */
export function SearchSelect({ search, value, onChange, current, placeholder, disabled, scope, testId, style }: Props) {
  const [typed, setTyped] = useState('');
  const [options, setOptions] = useState<SearchOption[]>([]);
  useEffect(() => {
    const controller = new AbortController();
    const timer = setTimeout(() => {
      search(typed.trim(), controller.signal).then(
        (found) => !controller.signal.aborted && setOptions(found),
        () => undefined,
      );
    }, 250);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
    // `search` is a new function each render; what it depends on arrives as `scope`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [typed, scope]);
  const shown = useMemo(() => (current && !options.some((o) => o.value === current.value) ? [current, ...options] : options), [options, current]);
  return (
    <Select<number>
      showSearch={{ filterOption: false, onSearch: setTyped }}
      allowClear
      disabled={disabled}
      value={value ?? undefined}
      onChange={(v) =>
        onChange?.(
          v ?? null,
          shown.find((o) => o.value === v),
        )
      }
      options={shown}
      placeholder={placeholder}
      style={{ width: '100%', ...style }}
      data-testid={testId}
    />
  );
}
