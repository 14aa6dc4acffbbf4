import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Input, InputNumber, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { useLayout } from '../layout/store.js';
import { searchItems } from '../api/lookups.js';
import { SearchSelect } from './SearchSelect.js';

/** One planned line as the form edits it; `counted` is what receiving already counted (edit only). */
export interface LineDraft {
  key: string;
  itemId: number | null;
  sku: string;
  name: string;
  batch: string;
  planned: number | null;
  counted: number;
  /** The item's weight per unit in kg, as its search option gave it (the outbound form adds up the lines). */
  weight?: number | null;
}

let nextKey = 0;
export const newLine = (): LineDraft => ({ key: `new-${++nextKey}`, itemId: null, sku: '', name: '', batch: '', planned: null, counted: 0 });

/** A line is complete with an item and a whole quantity of at least one. */
export const lineComplete = (line: LineDraft) => line.itemId !== null && !!line.planned && line.planned >= 1;

interface Props {
  value?: LineDraft[];
  onChange?: (lines: LineDraft[]) => void;
  /** Whose items are offered; none chosen yet (staff) disables the item search. */
  merchantId: number | undefined;
  disabled?: boolean;
  /** The outbound form reuses the editor: its quantity is ordered, not planned, and its test ids are its own. */
  quantityTitle?: string;
  testId?: string;
}

/** The lines of an order: item by SKU search, batch and quantity (planned inbound, ordered outbound), added and removed in place. */
export function LinesEditor({ value = [], onChange, merchantId, disabled, quantityTitle, testId = 'inbound' }: Props) {
  const { t } = useTranslation();
  const quantity = quantityTitle ?? t('inbound.planned');
  const mobile = useLayout((s) => s.device === 'mobile');
  const update = (key: string, patch: Partial<LineDraft>) => onChange?.(value.map((l) => (l.key === key ? { ...l, ...patch } : l)));
  const item = (line: LineDraft, index: number) => (
    <SearchSelect
      search={searchItems(merchantId)}
      scope={merchantId}
      value={line.itemId}
      current={line.itemId ? { value: line.itemId, label: line.name ? `${line.sku} · ${line.name}` : line.sku } : null}
      onChange={(itemId, option) => {
        const found = (option ?? {}) as { sku?: string; name?: string; weight?: number | null };
        update(line.key, { itemId, sku: found.sku ?? '', name: found.name ?? '', weight: found.weight ?? null });
      }}
      placeholder={t('inbound.itemSearch')}
      // Receiving has counted this line: its item stays, only the quantity may change.
      disabled={disabled || merchantId === undefined || line.counted > 0}
      style={{ minWidth: 160 }}
      testId={`${testId}-line-item-${index}`}
    />
  );
  const batch = (line: LineDraft, index: number) => (
    <Input
      value={line.batch}
      maxLength={64}
      placeholder={mobile ? t('inbound.batch') : undefined}
      disabled={disabled || line.counted > 0}
      onChange={(e) => update(line.key, { batch: e.target.value })}
      data-testid={`${testId}-line-batch-${index}`}
    />
  );
  const planned = (line: LineDraft, index: number) => (
    <InputNumber
      value={line.planned}
      // A planned quantity cannot go below what was already counted (docs/inbound.md).
      min={Math.max(1, line.counted)}
      max={1_000_000}
      precision={0}
      placeholder={mobile ? quantity : undefined}
      disabled={disabled}
      onChange={(v) => update(line.key, { planned: v ?? null })}
      style={{ width: '100%' }}
      data-testid={`${testId}-line-planned-${index}`}
    />
  );
  const remove = (line: LineDraft) => (
    <Button
      type="text"
      icon={<DeleteOutlined />}
      aria-label={t('inbound.removeLine')}
      disabled={disabled || line.counted > 0 || value.length <= 1}
      onClick={() => onChange?.(value.filter((l) => l.key !== line.key))}
    />
  );
  const columns: ColumnsType<LineDraft> = [
    { key: 'item', title: t('inbound.item'), render: (_: unknown, line, index) => item(line, index) },
    { key: 'batch', title: t('inbound.batch'), width: 140, render: (_: unknown, line, index) => batch(line, index) },
    { key: 'planned', title: quantity, width: 120, render: (_: unknown, line, index) => planned(line, index) },
    { key: 'remove', width: 48, render: (_: unknown, line) => remove(line) },
  ];
  // On a phone each line is a small card: the item on its own row, batch and quantity below.
  const cards = value.map((line, index) => (
    <div key={line.key} className="inbound-line-card" style={{ border: '1px solid rgba(5, 5, 5, 0.06)', borderRadius: 8, padding: 8, marginBottom: 8 }}>
      {item(line, index)}
      <div style={{ display: 'flex', gap: 8, marginTop: 8 }}>
        <div style={{ flex: 1 }}>{batch(line, index)}</div>
        <div style={{ width: 110 }}>{planned(line, index)}</div>
        {remove(line)}
      </div>
    </div>
  ));
  return (
    <div data-testid={`${testId}-lines-editor`}>
      {mobile ? cards : <Table<LineDraft> rowKey="key" size="small" columns={columns} dataSource={value} pagination={false} />}
      <Button
        type="dashed"
        icon={<PlusOutlined />}
        disabled={disabled || value.length >= 500}
        onClick={() => onChange?.([...value, newLine()])}
        style={{ marginTop: 8, width: '100%' }}
        data-testid={`${testId}-line-add`}
      >
        {t('inbound.addLine')}
      </Button>
    </div>
  );
}
