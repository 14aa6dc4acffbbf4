import type { ReceivingLine } from '@kontor/contracts/domains/inbound';
import { Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ScanRecord } from './receiving-api.js';

const counted = (line: ReceivingLine) => line.received + line.damaged + line.pending;

/** Damaged units of a line: booked ones plus those scanned as damaged and not yet booked. */
function damagedOf(line: ReceivingLine, scans: ScanRecord[]): number {
  const open = scans.filter((s) => !s.booked && s.condition === 'damaged' && s.itemId === line.itemId && s.batch === line.batch);
  return line.damaged + open.reduce((sum, s) => sum + s.quantity, 0);
}

/** The differences of issue 6 §3, one tag each: unknown item, short, over, damaged. */
function LineTags({ line, damaged }: { line: ReceivingLine; damaged: number }) {
  const { t } = useTranslation();
  const diff = counted(line) - line.planned;
  return (
    <span className="rcv-line-tags">
      {line.planned === 0 && <Tag color="purple">{t('receiving.unknownItem')}</Tag>}
      {line.planned > 0 && diff < 0 && <Tag color="red">{t('receiving.short', { count: -diff })}</Tag>}
      {line.planned > 0 && diff > 0 && <Tag color="orange">{t('receiving.over', { count: diff })}</Tag>}
      {damaged > 0 && <Tag color="volcano">{t('receiving.damagedCount', { count: damaged })}</Tag>}
      {line.serialRequired && <Tag>{t('receiving.serials')}</Tag>}
      {line.expiryTracked && !line.expiries?.length && <Tag>{t('receiving.expiryTracked')}</Tag>}
      {line.expiries?.map((date) => (
        <Tag key={date} color="geekblue" data-testid={`line-expiry-${line.sku}`}>
          {t('receiving.expiryShort', { date })}
        </Tag>
      ))}
    </span>
  );
}

/** The lines of the order: planned against counted, live as scans come in. */
export function ReceivingLines({ lines, scans }: { lines: ReceivingLine[]; scans: ScanRecord[] }) {
  const { t } = useTranslation();
  return (
    <Table<ReceivingLine>
      size="small"
      className="rcv-lines"
      rowKey={(l) => `${l.itemId}|${l.batch}`}
      pagination={false}
      dataSource={lines}
      rowClassName={(l) => (counted(l) === l.planned ? 'rcv-line-done' : '')}
      data-testid="receiving-lines"
      columns={[
        {
          title: t('receiving.item'),
          key: 'item',
          render: (_, line) => (
            <div data-testid={`line-${line.sku}`}>
              <Typography.Text strong>{line.sku}</Typography.Text>
              {line.batch && <Typography.Text type="secondary"> · {line.batch}</Typography.Text>}
              <div className="rcv-line-name">{line.name}</div>
              <LineTags line={line} damaged={damagedOf(line, scans)} />
            </div>
          ),
        },
        { title: t('receiving.planned'), dataIndex: 'planned', align: 'right', width: 80, responsive: ['sm'] },
        {
          title: t('receiving.counted'),
          key: 'counted',
          align: 'right',
          width: 80,
          responsive: ['sm'],
          render: (_, line) => <strong data-testid={`counted-${line.sku}`}>{counted(line)}</strong>,
        },
        // Phones: counted and planned in one narrow column, so the item keeps room for its name.
        {
          title: t('receiving.units'),
          key: 'compact',
          align: 'right',
          width: 72,
          responsive: ['xs'],
          render: (_, line) => (
            <span>
              <strong>{counted(line)}</strong> / {line.planned}
            </span>
          ),
        },
        {
          title: t('receiving.difference'),
          key: 'difference',
          align: 'right',
          width: 72,
          render: (_, line) => {
            const diff = counted(line) - line.planned;
            const cls = diff < 0 ? 'rcv-diff-short' : diff > 0 ? 'rcv-diff-over' : 'rcv-diff-ok';
            return (
              <span className={cls} data-testid={`difference-${line.sku}`}>
                {diff > 0 ? `+${diff}` : diff}
              </span>
            );
          },
        },
      ]}
    />
  );
}
