import { OUTBOUND_ORDER } from '@kontor/contracts/status/outbound';
import { Empty, Space, Table, Timeline, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { useLayout } from '../../layout/store.js';
import { formatDateTime } from '../../lib/format.js';
import { StateTag } from '../../components/StateTag.js';
import { exceptionTexts } from './field-labels.js';
import type { HistoryEntry, OutboundLine, Reservation } from './outbound-api.js';

/** Where a line's units are reserved: compartment, batch and quantity, one a line. */
function Reservations({ rows }: { rows: Reservation[] }) {
  const { t } = useTranslation();
  if (!rows.length) return <Typography.Text type="secondary">{t('outbound.noReservation')}</Typography.Text>;
  return (
    <Space orientation="vertical" size={0} data-testid="outbound-reservations">
      {rows.map((r) => (
        <span key={`${r.compartmentId}|${r.batch}`}>
          <strong>{r.compartment}</strong>
          {r.batch ? ` · ${r.batch}` : ''} · {t('outbound.pieces', { count: r.quantity })}
        </span>
      ))}
    </Space>
  );
}

const num = (key: keyof OutboundLine, title: string) => ({ key, dataIndex: key, title, align: 'right' as const, width: 80 });

export function OutboundLinesTable({ lines }: { lines: OutboundLine[] }) {
  const { t } = useTranslation();
  const mobile = useLayout((s) => s.device === 'mobile');
  const columns: ColumnsType<OutboundLine> = [
    { key: 'sku', dataIndex: 'sku', title: t('outbound.sku'), width: 120 },
    { key: 'name', dataIndex: 'name', title: t('outbound.itemName'), width: 170, ellipsis: true },
    { key: 'batch', dataIndex: 'batch', title: t('outbound.batch'), width: 90, render: (v: string) => v || t('outbound.anyBatch') },
    num('quantity', t('outbound.quantity')),
    num('reserved', t('outbound.reserved')),
    num('picked', t('outbound.picked')),
    { key: 'reservations', title: t('outbound.reservations'), width: 220, render: (_: unknown, l) => <Reservations rows={l.reservations} /> },
  ];
  const phone: ColumnsType<OutboundLine> = [
    {
      key: 'line',
      title: t('outbound.item'),
      render: (_: unknown, l) => (
        <div style={{ display: 'flex', flexDirection: 'column' }}>
          <strong>{l.sku}</strong>
          <Typography.Text type="secondary">{[l.name, l.batch].filter(Boolean).join(' · ')}</Typography.Text>
          <Reservations rows={l.reservations} />
        </div>
      ),
    },
    num('quantity', t('outbound.quantity')),
    num('reserved', t('outbound.reserved')),
  ];
  return (
    <Table<OutboundLine>
      rowKey="id"
      size="small"
      columns={mobile ? phone : columns}
      dataSource={lines}
      pagination={false}
      scroll={mobile ? undefined : { x: 'max-content' }}
      data-testid="outbound-lines"
    />
  );
}

/** Who changed what and when, newest first; a status change shows from → to with its reason, owner and note. */
export function HistoryTimeline({ history }: { history: HistoryEntry[] }) {
  const { t } = useTranslation();
  if (!history.length) return <Empty description={t('outbound.noHistory')} />;
  const tag = (code: number | null) => (code === null ? null : <StateTag machine={OUTBOUND_ORDER} code={code} />);
  return (
    <Timeline
      data-testid="outbound-history"
      items={history.map((h) => ({
        key: h.id,
        content: (
          <div data-testid="outbound-history-entry">
            <Typography.Text type="secondary">
              {formatDateTime(h.at)} · {h.userName || t('outbound.system')}
            </Typography.Text>
            <div>
              <strong>{t(`outbound.historyActions.${h.action}`, { defaultValue: h.action })}</strong>{' '}
              {(h.from !== null || h.to !== null) && (
                <Space size={4} wrap>
                  {tag(h.from)}
                  {h.from !== null && h.to !== null && '→'}
                  {tag(h.to)}
                </Space>
              )}
            </div>
            {(h.reason || h.owner) && (
              <div>
                {[
                  exceptionTexts(t, h.reason, '').reason,
                  h.owner ? t('outbound.ownerIs', { owner: t(`outbound.owners.${h.owner}`, { defaultValue: h.owner }) }) : '',
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </div>
            )}
            {h.note && <Typography.Text style={{ whiteSpace: 'pre-wrap' }}>{exceptionTexts(t, h.reason, h.note).note}</Typography.Text>}
          </div>
        ),
      }))}
    />
  );
}
