import { InboxOutlined } from '@ant-design/icons';
import { Button, Input, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLayout } from '../../layout/store.js';
import { notify } from '../../notify/queue.js';
import { stocktakes, type CountUnit, type StockCount } from './inventory-api.js';

/** What a unit holds: its counted lines once counted, else the rows the books hold in it now. */
function contentsOf(count: StockCount, unit: CountUnit) {
  const lines = count.lines.filter((l) => l.unitId === unit.unitId);
  if (lines.length)
    return { items: lines.map((l) => ({ sku: l.sku, quantity: l.expected })), expected: sum(lines, 'expected'), counted: sum(lines, 'counted') };
  const rows = count.stock.filter((s) => s.unitId === unit.unitId && s.compartmentId === unit.compartmentId);
  return { items: rows.map((r) => ({ sku: r.sku, quantity: r.quantity })), expected: sum(rows, 'quantity'), counted: null };
}
const sum = <K extends string>(rows: Array<Record<K, number>>, key: K) => rows.reduce((n, r) => n + r[key], 0);

const STATE_COLOR = { confirmed: 'green', missing: 'red', elsewhere: 'orange' } as const;

interface Props {
  count: StockCount;
  open: boolean;
  /** The compartment chosen on the sheet: where a scanned unit was found. */
  compartmentId?: number;
  onCounted(next: StockCount): void;
}

/**
 * Merged units on the count sheet (issue 5 §5): a box or pallet scanned in a compartment is counted as one,
 * all its contents at once; one not there is counted missing (its contents 0); one found where the books
 * do not have it is reported, to be moved with the unit move.
 */
export function StocktakeUnits({ count, open, compartmentId, onCounted }: Props) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  // On a phone one column describes the unit, so its state and the Missing action stay in view.
  const mobile = useLayout((s) => s.device === 'mobile');

  const send = async (data: { unit: string; compartmentId?: number; missing?: boolean }) => {
    setBusy(true);
    try {
      const next = await stocktakes.countUnit(count.id, data);
      onCounted(next);
      const unit = next.units.find((u) => u.code === next.unit);
      if (next.outcome === 'elsewhere')
        notify((n) => n.info(t('stocktake.unitElsewhere', { code: next.unit, expected: unit?.compartment ?? '', found: unit?.foundCompartment ?? '' })));
      else notify((n) => n.success(t(next.outcome === 'missing' ? 'stocktake.unitCountedMissing' : 'stocktake.unitConfirmed', { code: next.unit })));
      setCode('');
    } finally {
      setBusy(false);
    }
  };
  const missing = (unit: CountUnit) =>
    notify((n) =>
      n.confirm({
        title: t('stocktake.unitMissing'),
        content: t('stocktake.missingConfirm', { code: unit.code }),
        danger: true,
        okText: t('common.ok'),
        cancelText: t('common.cancel'),
        onOk: () => send({ unit: unit.code, missing: true }).catch(() => undefined),
      }),
    );

  const stateTag = (u: CountUnit) =>
    u.outcome ? (
      <Tag color={STATE_COLOR[u.outcome]} data-testid={`count-unit-state-${u.code}`}>
        {t(`stocktake.unitStates.${u.outcome}`, { compartment: u.foundCompartment })}
      </Tag>
    ) : (
      <Tag data-testid={`count-unit-state-${u.code}`}>{t('stocktake.unitStates.pending')}</Tag>
    );
  const missingButton = (u: CountUnit) =>
    open && u.outcome !== 'missing' && count.compartmentIds.includes(u.compartmentId) ? (
      <Button size="small" danger disabled={busy} onClick={() => missing(u)} data-testid={`count-unit-missing-${u.code}`}>
        {t('stocktake.unitMissing')}
      </Button>
    ) : null;
  const contents = (u: CountUnit) =>
    contentsOf(count, u)
      .items.map((i) => `${i.sku} × ${i.quantity}`)
      .join(', ') || '—';
  const describing: ColumnsType<CountUnit> = [
    {
      key: 'unit',
      title: t('stocktake.unit'),
      render: (_: unknown, u) => (
        <div style={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start' }}>
          <strong>{u.code}</strong>
          <Typography.Text type="secondary">
            {u.compartment} · {contents(u)}
          </Typography.Text>
          <Space size={4} wrap>
            {stateTag(u)}
            {missingButton(u)}
          </Space>
        </div>
      ),
    },
    { key: 'code', title: t('stocktake.unit'), width: 140, render: (_: unknown, u) => <strong>{u.code}</strong> },
    { key: 'compartment', title: t('inventory.compartment'), dataIndex: 'compartment', width: 110 },
    { key: 'contents', title: t('stocktake.contents'), render: (_: unknown, u) => <Typography.Text type="secondary">{contents(u)}</Typography.Text> },
  ];
  const counting: ColumnsType<CountUnit> = [
    { key: 'expected', title: t('stocktake.expected'), align: 'right', width: mobile ? 56 : 80, render: (_: unknown, u) => contentsOf(count, u).expected },
    { key: 'counted', title: t('stocktake.counted'), align: 'right', width: mobile ? 56 : 80, render: (_: unknown, u) => contentsOf(count, u).counted ?? '—' },
    ...(mobile ? [] : [{ key: 'state', title: t('inventory.status'), width: 150, render: (_: unknown, u: CountUnit) => stateTag(u) }]),
    ...(open && !mobile ? [{ key: 'missing', width: 100, render: (_: unknown, u: CountUnit) => missingButton(u) }] : []),
  ];

  if (!count.units.length && !open) return null;
  return (
    <div style={{ marginBottom: 12 }} data-testid="count-units-block">
      <Space wrap style={{ marginBottom: 8 }}>
        <Typography.Text strong>{t('stocktake.units')}</Typography.Text>
        {open && (
          <Input
            prefix={<InboxOutlined />}
            placeholder={t('stocktake.scanUnit')}
            value={code}
            disabled={busy || !compartmentId}
            onChange={(e) => setCode(e.target.value)}
            onPressEnter={() => code.trim() && void send({ unit: code.trim(), compartmentId }).catch(() => undefined)}
            style={{ width: 280, maxWidth: '100%' }}
            data-testid="count-unit-scan"
          />
        )}
      </Space>
      <Table<CountUnit>
        rowKey="unitId"
        size="small"
        dataSource={count.units}
        pagination={false}
        scroll={{ x: 'max-content' }}
        data-testid="count-units"
        columns={mobile ? [...describing.slice(0, 1), ...counting] : [...describing.slice(1), ...counting]}
      />
    </div>
  );
}
