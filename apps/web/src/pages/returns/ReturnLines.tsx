import { AimOutlined, CloseOutlined, DeleteOutlined, EnvironmentOutlined } from '@ant-design/icons';
import { Button, Empty, Input, InputNumber, Select, Table, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { useLayout } from '../../layout/store.js';
import { StatusTag } from '../../components/StatusTag.js';
import { CONDITION_COLOR, stockStatusOf, useReturnLabels } from './labels.js';
import type { DraftLine } from './returns-api.js';

interface Props {
  lines: DraftLine[];
  /** Without it the lines are read-only. */
  onLines?: (change: (lines: DraftLine[]) => DraftLine[]) => void;
  /** The line the next compartment scan goes to alone (facts §3.9). */
  selected?: string | null;
  onSelect?: (key: string | null) => void;
  /** A choice was made or a text ended with Enter: the scan field takes the keyboard back. */
  onDone?: () => void;
}

/**
 * The item lines of a return: SKU and name, quantity, condition (and the stock status it books as),
 * compartment and remark; editable before inbound. On a phone each line is a card.
 */
export function ReturnLines({ lines, onLines, selected, onSelect, onDone }: Props) {
  const { t } = useTranslation();
  const mobile = useLayout((s) => s.device === 'mobile');
  const labels = useReturnLabels();
  const editable = !!onLines;
  const change = (key: string, patch: Partial<DraftLine>) => onLines?.((all) => all.map((l) => (l.key === key ? { ...l, ...patch } : l)));
  const remove = (key: string) => {
    onLines?.((all) => all.filter((l) => l.key !== key));
    if (selected === key) onSelect?.(null);
  };
  const toggle = (key: string) => onSelect?.(selected === key ? null : key);

  if (!lines.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t(editable ? 'returns.noLines' : 'returns.noLinesStored')} />;

  const item = (l: DraftLine) => (
    <div className="ret-line-item">
      <Typography.Text strong data-testid="return-line-sku">
        {l.sku || `#${l.itemId}`}
      </Typography.Text>
      {l.itemBatch && <Typography.Text type="secondary"> · {l.itemBatch}</Typography.Text>}
      <div className="ret-line-name">{l.name}</div>
    </div>
  );
  const qty = (l: DraftLine) =>
    editable ? (
      <InputNumber
        min={1}
        max={100000}
        precision={0}
        value={l.qty}
        onChange={(v) => change(l.key, { qty: v ?? 1 })}
        onPressEnter={onDone}
        aria-label={t('returns.qty')}
        className="ret-line-qty"
        data-testid="return-line-qty"
      />
    ) : (
      <span data-testid="return-line-qty">{mobile ? t('returns.qtyOf', { count: l.qty }) : l.qty}</span>
    );
  const condition = (l: DraftLine) =>
    editable ? (
      <Select
        value={l.valid}
        onChange={(v: number) => {
          change(l.key, { valid: v });
          onDone?.();
        }}
        options={labels.conditionOptions}
        aria-label={t('returns.condition')}
        className="ret-line-condition"
        data-testid="return-line-condition"
      />
    ) : (
      <Tag color={CONDITION_COLOR[l.valid]} data-testid="return-line-condition">
        {labels.condition(l.valid)}
      </Tag>
    );
  const place = (l: DraftLine) =>
    l.compartmentGUID ? (
      <Tag icon={<EnvironmentOutlined />} color="blue" className="ret-line-place" data-testid="return-line-compartment">
        {l.compartment || `#${l.compartmentGUID}`}
        {editable && (
          <CloseOutlined
            className="ret-line-place-clear"
            aria-label={t('returns.clearCompartment')}
            onClick={(e) => {
              e.stopPropagation();
              change(l.key, { compartmentGUID: '', compartment: '' });
            }}
          />
        )}
      </Tag>
    ) : (
      <Typography.Text type="secondary" data-testid="return-line-compartment">
        {t('returns.noCompartment')}
      </Typography.Text>
    );
  const remark = (l: DraftLine) =>
    editable ? (
      <Input
        value={l.remark}
        maxLength={500}
        placeholder={t('returns.remark')}
        onChange={(e) => change(l.key, { remark: e.target.value })}
        onPressEnter={onDone}
        data-testid="return-line-remark"
      />
    ) : (
      l.remark || ''
    );
  const actions = (l: DraftLine) =>
    editable && (
      <span className="ret-line-actions">
        <Tooltip title={t('returns.selectLine')}>
          <Button
            type={selected === l.key ? 'primary' : 'default'}
            icon={<AimOutlined />}
            aria-label={t('returns.selectLine')}
            aria-pressed={selected === l.key}
            onClick={(e) => {
              e.stopPropagation();
              toggle(l.key);
              // The operator scans the compartment next: the field takes the focus now, not after a timing guess.
              onDone?.();
            }}
            data-testid="return-line-select"
          />
        </Tooltip>
        <Button
          danger
          icon={<DeleteOutlined />}
          aria-label={t('returns.deleteLine')}
          onClick={(e) => {
            e.stopPropagation();
            remove(l.key);
          }}
          data-testid="return-line-delete"
        />
      </span>
    );

  if (mobile)
    return (
      <div className="ret-cards" data-testid="return-lines">
        {lines.map((l) => (
          <div key={l.key} className={`ret-card${selected === l.key ? ' ret-card-selected' : ''}`} data-testid={`return-line-${l.sku || l.itemId}`}>
            <div className="ret-card-head">
              {item(l)}
              {actions(l)}
            </div>
            <div className="ret-card-grid">
              {qty(l)}
              {condition(l)}
            </div>
            <div className="ret-card-foot">
              {place(l)}
              <StatusTag status={stockStatusOf(l.valid)} />
            </div>
            {(editable || l.remark) && <div className="ret-card-remark">{remark(l)}</div>}
          </div>
        ))}
      </div>
    );

  const columns: ColumnsType<DraftLine> = [
    { key: 'item', title: t('returns.item'), render: (_: unknown, l) => item(l) },
    { key: 'qty', title: t('returns.qty'), width: 100, align: 'right', render: (_: unknown, l) => qty(l) },
    { key: 'valid', title: t('returns.condition'), width: 150, render: (_: unknown, l) => condition(l) },
    { key: 'stock', title: t('returns.booksAs'), width: 100, render: (_: unknown, l) => <StatusTag status={stockStatusOf(l.valid)} /> },
    { key: 'compartment', title: t('returns.compartment'), width: 140, render: (_: unknown, l) => place(l) },
    { key: 'remark', title: t('returns.remark'), width: editable ? 200 : undefined, render: (_: unknown, l) => remark(l) },
    ...(editable ? [{ key: 'actions', width: 100, render: (_: unknown, l: DraftLine) => actions(l) }] : []),
  ];
  return (
    <Table<DraftLine>
      rowKey="key"
      size="small"
      pagination={false}
      columns={columns}
      dataSource={lines}
      scroll={{ x: 'max-content' }}
      rowClassName={(l) => (selected === l.key ? 'ret-row-selected' : '')}
      onRow={(l) => ({ 'data-testid': `return-line-${l.sku || l.itemId}` }) as React.HTMLAttributes<HTMLElement>}
      className="ret-lines"
      data-testid="return-lines"
    />
  );
}
