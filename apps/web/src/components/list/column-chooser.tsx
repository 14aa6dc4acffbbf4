import { SettingOutlined } from '@ant-design/icons';
import { Button, Checkbox, Popover } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** A column the user may hide: its key and the title shown in the chooser. */
export interface ChoosableColumn {
  key: string;
  title: string;
}

/** The columns a user hid in one list, remembered in this browser under `name` (issue 4 §3 column chooser). */
export function useHiddenColumns(name: string) {
  const storageKey = `kontor.columns.${name}`;
  const [hidden, setHidden] = useState<string[]>(() => {
    try {
      return JSON.parse(localStorage.getItem(storageKey) ?? '[]') as string[];
    } catch {
      return [];
    }
  });
  const update = (next: string[]) => {
    setHidden(next);
    localStorage.setItem(storageKey, JSON.stringify(next));
  };
  return [hidden, update] as const;
}

/** The key a table column is known by: its `key`, else its `dataIndex` when that is one name. */
export function columnKey<T>(column: ColumnsType<T>[number]): string | undefined {
  if (column.key !== undefined) return String(column.key);
  const index = 'dataIndex' in column ? column.dataIndex : undefined;
  return typeof index === 'string' || typeof index === 'number' ? String(index) : undefined;
}

/** The columns of a table a user may hide: those with a key and a plain-text title (actions stay). */
export function choosableColumns<T>(columns: ColumnsType<T>): ChoosableColumn[] {
  return columns.flatMap((column) => {
    const key = columnKey(column);
    return key !== undefined && typeof column.title === 'string' ? [{ key, title: column.title }] : [];
  });
}

interface ChooserProps {
  all: ChoosableColumn[];
  hidden: string[];
  setHidden(hidden: string[]): void;
  testId: string;
}

/** The gear button above a list that opens the choice of its columns. */
export function ColumnChooserButton({ all, hidden, setHidden, testId }: ChooserProps) {
  const { t } = useTranslation();
  const content = (
    <Checkbox.Group
      style={{ display: 'grid', gap: 4 }}
      value={all.map((c) => c.key).filter((k) => !hidden.includes(k))}
      onChange={(visible) => setHidden(all.map((c) => c.key).filter((k) => !visible.includes(k)))}
      options={all.map((c) => ({ value: c.key, label: c.title }))}
      data-testid={`${testId}-choice`}
    />
  );
  return (
    <Popover content={content} trigger="click" title={t('mask.columns')}>
      <Button icon={<SettingOutlined />} aria-label={t('mask.columns')} data-testid={testId} />
    </Popover>
  );
}
