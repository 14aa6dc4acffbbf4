import { OUTBOUND_ORDER, PICKLIST } from '@kontor/contracts';
import { Alert, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { useListQuery } from '../../api/use-list-query.js';
import { DocNo } from '../../components/DocNo.js';
import { ListScaffold } from '../../components/list/ListScaffold.js';
import { StateTag } from '../../components/StateTag.js';
import { useLayout } from '../../layout/store.js';
import { formatDateTime, na } from '../../lib/format.js';
import { pickingApi, type MerchantProgressRow } from './picking-api.js';

type Row = MerchantProgressRow & { id: number };

/**
 * `/mEP/picklist` (issue 18 item 1): read-only, a merchant's own orders in the warehouse's picklists
 * with their progress. The picklists themselves, and other merchants' orders, are never shown (the
 * server answers only the session's merchant).
 */
export default function MerchantPicklistPage() {
  const { t } = useTranslation();
  const mobile = useLayout((s) => s.device === 'mobile');
  const list = useListQuery('picklists', (params, signal) => pickingApi.merchantProgress(params, signal), {}, 'merchant');
  const rows = { ...list, rows: list.rows.map((r) => ({ ...r, id: r.orderId })) };
  const finished = (row: Row) => (row.finished ? <Tag color="success">{t('picking.yes')}</Tag> : <Tag>{t('picking.no')}</Tag>);

  const full: ColumnsType<Row> = [
    { key: 'unid', title: t('picking.order'), width: 160, render: (_: unknown, r) => <DocNo>{r.unid}</DocNo> },
    { key: 'refOrderId', dataIndex: 'refOrderId', title: t('picking.refOrderId'), width: 140, render: (v: string) => v || na() },
    { key: 'status', title: t('picking.orderStatus'), width: 170, render: (_: unknown, r) => <StateTag machine={OUTBOUND_ORDER} code={r.status} /> },
    {
      key: 'picklistStatus',
      title: t('picking.pickingStatus'),
      width: 170,
      render: (_: unknown, r) => <StateTag machine={PICKLIST} code={r.picklistStatus} />,
    },
    { key: 'units', dataIndex: 'units', title: t('picking.units'), width: 80, align: 'right' },
    { key: 'finished', title: t('picking.finished'), width: 100, render: (_: unknown, r) => finished(r) },
    { key: 'since', dataIndex: 'since', title: t('picking.since'), width: 160, render: (v: string) => formatDateTime(v) },
  ];
  const line: ColumnsType<Row>[number] = {
    key: 'line',
    title: t('picking.order'),
    render: (_: unknown, r) => (
      <div style={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 2 }}>
        <Space size={8} wrap>
          <DocNo>{r.unid}</DocNo>
          <StateTag machine={OUTBOUND_ORDER} code={r.status} />
          {finished(r)}
        </Space>
        <Typography.Text type="secondary">
          {[r.refOrderId, `${r.units} ${t('picking.units')}`, formatDateTime(r.since)].filter(Boolean).join(' · ')}
        </Typography.Text>
      </div>
    ),
  };
  return (
    <div data-testid="merchant-picklist-page">
      <Typography.Title level={4}>{t('picking.merchantTitle')}</Typography.Title>
      <Alert type="info" showIcon message={t('picking.merchantHint')} style={{ marginBottom: 12 }} />
      <ListScaffold id="merchant-picking" testId="merchant-picking-list" list={rows} columns={mobile ? [line] : full} bare />
    </div>
  );
}
