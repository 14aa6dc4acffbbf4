import { PrinterOutlined } from '@ant-design/icons';
import { formatMoney } from '@kontor/contracts/money';
import { useQuery } from '@tanstack/react-query';
import { Button, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { sendPrint } from '../../api/print.js';
import { useCan } from '../../masks/can.js';
import { notify } from '../../notify/queue.js';
import { summarizeLabels, trackingUrl, type LabelSummary } from './label-summary.js';
import { labelsApi, mergedLabelsUrl } from './labels-api.js';
import type { OutboundOrderRow } from './outbound-api.js';

const STATE_COLOURS: Record<LabelSummary['state'], string> = { none: 'default', complete: 'green', pending: 'processing', uncertain: 'orange', failed: 'red' };

/**
 * The labels of the orders a carrier list shows (issue 17 item 10): read once per page, in the orders'
 * cache domain, so a purchase or a void anywhere refreshes them with the list.
 */
export function usePageLabels(rows: readonly OutboundOrderRow[], enabled: boolean) {
  const ids = rows.map((r) => r.id);
  const query = useQuery({
    queryKey: ['outbound-orders', 'labels', ids.join(',')],
    queryFn: ({ signal }) => labelsApi.ofOrders(ids, signal),
    enabled: enabled && ids.length > 0,
  });
  return summarizeLabels(query.data ?? []);
}

/** Tracking numbers as links to the carrier's tracking page (copyable where there is none). */
export function TrackingLinks({ summary }: { summary: LabelSummary | undefined }) {
  const { t } = useTranslation();
  if (!summary?.tracking.length) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <Space orientation="vertical" size={0}>
      {summary.tracking.map(({ number, carrier, isReturn }) => {
        const url = trackingUrl(carrier, number);
        return (
          <Space key={number} size={4}>
            {url ? (
              <Typography.Link href={url} target="_blank" rel="noopener noreferrer" data-testid="carrier-tracking-link">
                {number}
              </Typography.Link>
            ) : (
              <Typography.Text copyable data-testid="carrier-tracking-number">
                {number}
              </Typography.Text>
            )}
            {isReturn && <Tag>{t('carriers.views.returnLabel')}</Tag>}
          </Space>
        );
      })}
    </Space>
  );
}

function ReprintButton({ row, summary }: { row: OutboundOrderRow; summary: LabelSummary | undefined }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  if (!summary?.boughtIds.length) return null;
  const reprint = () => {
    setBusy(true);
    sendPrint({ kind: 'label', url: mergedLabelsUrl(summary.boughtIds), title: row.unid })
      .then(() => notify((n) => n.success(t('carriers.views.sent'))))
      .catch(() => undefined)
      .finally(() => setBusy(false));
  };
  return (
    <Button size="small" icon={<PrinterOutlined />} loading={busy} onClick={reprint} data-testid={`carrier-reprint-${row.id}`}>
      {t('carriers.views.reprint')}
    </Button>
  );
}

const costText = (summary: LabelSummary | undefined, language: string) =>
  summary?.cost.length ? summary.cost.map((m) => formatMoney(m, language)).join(' + ') : '—';

/** The per-carrier list's label columns: state, tracking, cost and a reprint through the print station. */
export function carrierLabelColumns(t: TFunction, language: string, labels: Map<number, LabelSummary>, canPrint: boolean): ColumnsType<OutboundOrderRow> {
  return [
    {
      key: 'labelState',
      title: t('carriers.views.labelState'),
      width: 120,
      render: (_: unknown, row) => {
        const state = labels.get(row.id)?.state ?? 'none';
        return (
          <Tag color={STATE_COLOURS[state]} data-testid="carrier-label-state">
            {t(`carriers.views.states.${state}`)}
          </Tag>
        );
      },
    },
    { key: 'tracking', title: t('carriers.views.tracking'), width: 200, render: (_: unknown, row) => <TrackingLinks summary={labels.get(row.id)} /> },
    { key: 'labelCost', title: t('carriers.views.cost'), width: 110, align: 'right', render: (_: unknown, row) => costText(labels.get(row.id), language) },
    ...(canPrint
      ? [{ key: 'reprint', width: 110, render: (_: unknown, row: OutboundOrderRow) => <ReprintButton row={row} summary={labels.get(row.id)} /> }]
      : []),
  ];
}

/** A phone's one-column line for a carrier list: the label state, tracking and reprint under the order. */
export function CarrierLabelLine({ row, summary }: { row: OutboundOrderRow; summary: LabelSummary | undefined }) {
  const { t } = useTranslation();
  const can = useCan();
  const state = summary?.state ?? 'none';
  return (
    <Space orientation="vertical" size={2}>
      <Space size={6} wrap>
        <Tag color={STATE_COLOURS[state]}>{t(`carriers.views.states.${state}`)}</Tag>
        {can('p11y.labels.print') && <ReprintButton row={row} summary={summary} />}
      </Space>
      <TrackingLinks summary={summary} />
    </Space>
  );
}
