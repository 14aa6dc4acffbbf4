import type { ReceivingLine } from '@kontor/contracts/domains/inbound';
import { INBOUND_MERCHANT_EDITABLE, INBOUND_ORDER } from '@kontor/contracts/status/inbound';
import { Table, Tag, theme, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { useLayout } from '../../layout/store.js';
import { formatDateTime, na } from '../../lib/format.js';
import { StatusTag } from '../../components/StatusTag.js';
import type { InboundScan, StagingRow } from './inbound-api.js';

/** Whether counting has begun: before, a difference would only repeat the plan. */
export const countingStarted = (status: number) => !INBOUND_MERCHANT_EDITABLE.includes(status) && status !== INBOUND_ORDER.codeOf('canceled');

/** Counted minus planned: short in red, over in orange, each with its word so colour is not the only sign. */
export function Difference({ value, counting = true }: { value: number; counting?: boolean }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  if (!counting) return <Typography.Text type="secondary">—</Typography.Text>;
  if (value === 0) return <Typography.Text type="secondary">0</Typography.Text>;
  const short = value < 0;
  return (
    <Typography.Text strong style={{ color: short ? token.colorError : token.orange, whiteSpace: 'nowrap' }} data-testid="inbound-difference">
      {short ? value : `+${value}`} {t(short ? 'inbound.short' : 'inbound.over')}
    </Typography.Text>
  );
}

const num = (key: keyof ReceivingLine, title: React.ReactNode) => ({ key, dataIndex: key, title, align: 'right' as const, width: 84 });

export function LinesTable({ lines, counting }: { lines: ReceivingLine[]; counting: boolean }) {
  const { t } = useTranslation();
  const mobile = useLayout((s) => s.device === 'mobile');
  const columns: ColumnsType<ReceivingLine> = [
    { key: 'sku', dataIndex: 'sku', title: t('inbound.sku'), width: 120, fixed: 'left' },
    { key: 'name', dataIndex: 'name', title: t('inbound.itemName'), width: 170, ellipsis: true },
    { key: 'batch', dataIndex: 'batch', title: t('inbound.batch'), width: 80, render: (v: string) => v || na() },
    num('planned', t('inbound.planned')),
    num('received', t('inbound.received')),
    num('damaged', t('inbound.damaged')),
    num(
      'pending',
      <Tooltip title={t('inbound.pendingHint')}>
        <span style={{ textDecoration: 'underline dotted' }}>{t('inbound.pending')}</span>
      </Tooltip>,
    ),
    num('putAway', t('inbound.putAway')),
    {
      key: 'difference',
      title: t('inbound.difference'),
      align: 'right',
      width: 110,
      render: (_: unknown, l) => <Difference value={l.difference} counting={counting} />,
    },
  ];
  // On a phone one column names the line, and the counts shrink to planned, counted and difference.
  const phone: ColumnsType<ReceivingLine> = [
    {
      key: 'line',
      title: t('inbound.item'),
      render: (_: unknown, l) => (
        <div style={{ display: 'flex', flexDirection: 'column' }}>
          <strong>{l.sku}</strong>
          <Typography.Text type="secondary">{[l.name, l.batch].filter(Boolean).join(' · ')}</Typography.Text>
        </div>
      ),
    },
    num('planned', t('inbound.planned')),
    { key: 'counted', title: t('inbound.counted'), align: 'right', width: 84, render: (_: unknown, l) => l.received + l.damaged + l.pending },
    columns.at(-1)!,
  ];
  return (
    <Table<ReceivingLine>
      rowKey={(l) => `${l.itemId}|${l.batch}`}
      size="small"
      columns={mobile ? phone : columns}
      dataSource={lines}
      pagination={false}
      scroll={mobile ? undefined : { x: 'max-content' }}
      data-testid="inbound-lines"
    />
  );
}

export function ScansTable({ scans }: { scans: InboundScan[] }) {
  const { t } = useTranslation();
  const columns: ColumnsType<InboundScan> = [
    { key: 'at', dataIndex: 'at', title: t('inbound.scannedAt'), width: 160, render: (v: string) => formatDateTime(v) },
    { key: 'sku', dataIndex: 'sku', title: t('inbound.sku'), width: 130 },
    { key: 'quantity', dataIndex: 'quantity', title: t('inbound.quantity'), align: 'right', width: 80 },
    {
      key: 'condition',
      dataIndex: 'condition',
      title: t('inbound.condition'),
      width: 100,
      render: (v: InboundScan['condition']) => <Tag color={v === 'damaged' ? 'red' : undefined}>{t(`inbound.conditions.${v}`)}</Tag>,
    },
    { key: 'unit', dataIndex: 'unit', title: t('inbound.unit'), width: 130, render: (v: string) => v || na() },
    { key: 'batch', dataIndex: 'batch', title: t('inbound.batch'), width: 90, render: (v: string) => v || na() },
    { key: 'serials', dataIndex: 'serials', title: t('inbound.serials'), width: 160, ellipsis: true, render: (v: string[]) => v.join(', ') || na() },
    {
      key: 'booked',
      dataIndex: 'booked',
      title: t('inbound.booking'),
      width: 100,
      render: (v: boolean) => <Tag color={v ? 'green' : 'blue'}>{t(v ? 'inbound.booked' : 'inbound.notBooked')}</Tag>,
    },
  ];
  return (
    <Table<InboundScan>
      rowKey="id"
      size="small"
      columns={columns}
      dataSource={scans}
      pagination={false}
      scroll={{ x: 'max-content' }}
      data-testid="inbound-scans"
    />
  );
}

export function StagingTable({ rows }: { rows: StagingRow[] }) {
  const { t } = useTranslation();
  const columns: ColumnsType<StagingRow> = [
    { key: 'sku', dataIndex: 'sku', title: t('inbound.sku'), width: 130 },
    { key: 'name', dataIndex: 'name', title: t('inbound.itemName'), width: 180, ellipsis: true },
    { key: 'batch', dataIndex: 'batch', title: t('inbound.batch'), width: 90, render: (v: string) => v || na() },
    { key: 'status', dataIndex: 'status', title: t('inbound.stockStatus'), width: 120, render: (v: number) => <StatusTag status={v} /> },
    { key: 'quantity', dataIndex: 'quantity', title: t('inbound.quantity'), align: 'right', width: 80 },
    {
      key: 'suggestion',
      title: t('inbound.suggestion'),
      width: 140,
      render: (_: unknown, r) => r.suggestion?.code ?? <Typography.Text type="secondary">{t('inbound.noSuggestion')}</Typography.Text>,
    },
  ];
  return (
    <Table<StagingRow>
      rowKey={(r) => `${r.itemId}|${r.batch}|${r.status}`}
      size="small"
      columns={columns}
      dataSource={rows}
      pagination={false}
      scroll={{ x: 'max-content' }}
      data-testid="inbound-staging"
    />
  );
}
