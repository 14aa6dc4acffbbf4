import { DownloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { download } from '../../api/download.js';
import { manifestsApi, type HandoverActivity as Activity } from './manifests-api.js';

type Row = Activity['rows'][number];

/**
 * The manifests screen's "Handover activity" (issue 19 item 8, docs/manifests.md): per merchant, the
 * pallets and parcels handed over on the chosen day, as the handover recorded them for billing, with the
 * day's totals and a CSV of the same rows. Three narrow columns, so a phone shows the same table.
 */
export function HandoverActivity({ day }: { day: string }) {
  const { t } = useTranslation();
  const query = useQuery({ queryKey: ['manifests', 'activity', day], queryFn: () => manifestsApi.activity(day) });
  const data = query.data;
  const columns: ColumnsType<Row> = [
    // The merchant's name wraps rather than being cut: on a phone it is the narrowest column's neighbour.
    { key: 'merchant', dataIndex: 'merchant', title: t('manifests.activity.merchant') },
    { key: 'pallets', dataIndex: 'pallets', title: t('manifests.activity.pallets'), align: 'right', width: 88 },
    { key: 'parcels', dataIndex: 'parcels', title: t('manifests.activity.parcels'), align: 'right', width: 88 },
  ];
  return (
    <Card
      size="small"
      className="manifests-group"
      title={t('manifests.activity.title')}
      extra={
        <Button
          size="small"
          icon={<DownloadOutlined />}
          disabled={!data || data.rows.length === 0}
          onClick={() => void download({ url: manifestsApi.activityCsvUrl(day) }, `handover-activity-${day}.csv`)}
          data-testid="handover-activity-csv"
        >
          {t('manifests.activity.export')}
        </Button>
      }
      data-testid="handover-activity"
    >
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
        {t('manifests.activity.hint')}
      </Typography.Paragraph>
      {query.isError && !data ? (
        <Alert type="error" showIcon title={t('manifests.activity.loadFailed')} data-testid="handover-activity-error" />
      ) : (
        <Table<Row>
          size="small"
          rowKey="merchantId"
          loading={query.isPending}
          pagination={false}
          columns={columns}
          dataSource={data?.rows ?? []}
          locale={{ emptyText: t('manifests.activity.empty') }}
          data-testid="handover-activity-table"
          summary={() =>
            data && data.rows.length > 1 ? (
              <Table.Summary.Row data-testid="handover-activity-total">
                <Table.Summary.Cell index={0}>
                  <Typography.Text strong>{t('manifests.activity.total')}</Typography.Text>
                </Table.Summary.Cell>
                <Table.Summary.Cell index={1} align="right">
                  <Typography.Text strong>{data.pallets}</Typography.Text>
                </Table.Summary.Cell>
                <Table.Summary.Cell index={2} align="right">
                  <Typography.Text strong>{data.parcels}</Typography.Text>
                </Table.Summary.Cell>
              </Table.Summary.Row>
            ) : null
          }
        />
      )}
    </Card>
  );
}
