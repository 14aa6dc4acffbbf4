import { ReloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, DatePicker, Empty, Modal, Space, Spin, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { download, openWindow } from '../../api/download.js';
import { invalidateDomains } from '../../api/query-client.js';
import { DocNo } from '../../components/DocNo.js';
import { useLayout } from '../../layout/store.js';
import { formatDateTime } from '../../lib/format.js';
import { useCan } from '../../masks/can.js';
import { notify } from '../../notify/queue.js';
import { HandoverActivity } from './HandoverActivity.js';
import { manifestsApi, type Manifest, type ManifestGroup, type ManifestParcel } from './manifests-api.js';
import './manifests.css';

const EDIT = 'wms.manifests.edit';
const STATE_COLORS: Record<Manifest['carrierState'], string> = { none: 'default', pending: 'processing', done: 'success', failed: 'error' };
const viewer = (url: string, name: string) => openWindow(`/pdfViewer?url=${encodeURIComponent(url)}&name=${encodeURIComponent(name)}`);

/**
 * `/wEP/manifests` (issue 19 item 4, docs/manifests.md): the parcels handed over on a day, one card per
 * carrier account; "Close day" puts the parcels not yet manifested onto the next manifest (and sends it
 * to the carrier where its API has the call); each manifest as PDF and CSV; parcels the cut-off job
 * flagged are shown in red.
 */
export default function ManifestsPage() {
  const { t } = useTranslation();
  const can = useCan();
  const mobile = useLayout((s) => s.device === 'mobile');
  const [day, setDay] = useState<string | undefined>(undefined);
  const query = useQuery({ queryKey: ['manifests', 'day', day ?? ''], queryFn: () => manifestsApi.day(day) });
  const data = query.data;
  const shownDay = data?.day ?? day ?? '';

  const close = (g: ManifestGroup) =>
    Modal.confirm({
      title: t('manifests.closeDay'),
      content: t('manifests.closeConfirm', { day: shownDay, account: accountLabel(g), count: g.open }),
      okText: t('manifests.yes'),
      cancelText: t('manifests.no'),
      okButtonProps: { ...({ 'data-testid': 'manifest-close-ok' } as object) },
      onOk: async () => {
        const m = await manifestsApi.close(shownDay, g.accountKey);
        if (m.carrierState === 'failed') notify((n) => n.error(t('manifests.closedFailed', { seq: m.seq, message: m.carrierMessage })));
        else notify((n) => n.success(t('manifests.closed', { seq: m.seq, count: m.parcels })));
        await invalidateDomains('manifests');
      },
    });

  const accountLabel = (g: ManifestGroup) =>
    g.accountName ? `${g.accountName} (${g.carrier.toUpperCase()})` : `${g.carrier.toUpperCase()} · ${t('manifests.noAccount')}`;

  const manifestRow = (m: Manifest) => (
    <div key={m.id} className="manifests-row" data-testid={`manifest-${m.seq}`}>
      <Typography.Text strong>{t('manifests.manifest', { seq: m.seq })}</Typography.Text>
      <Tag>{t('manifests.parcels', { count: m.parcels })}</Tag>
      <Tag color={STATE_COLORS[m.carrierState]} data-testid="manifest-state">
        {t(`manifests.state.${m.carrierState}`)}
      </Tag>
      {m.carrierRef && <Typography.Text type="secondary">{t('manifests.carrierRef', { ref: m.carrierRef })}</Typography.Text>}
      <Typography.Text type="secondary">{formatDateTime(m.createdAt)}</Typography.Text>
      <Space size={4}>
        <Button size="small" onClick={() => viewer(manifestsApi.pdfUrl(m.id), `manifest-${m.id}.pdf`)} data-testid="manifest-pdf">
          {t('manifests.pdf')}
        </Button>
        <Button size="small" onClick={() => void download({ url: manifestsApi.csvUrl(m.id) }, `manifest-${m.id}.csv`)} data-testid="manifest-csv">
          {t('manifests.csv')}
        </Button>
      </Space>
      {m.carrierState === 'failed' && m.carrierMessage && (
        <Typography.Text type="danger" style={{ flexBasis: '100%' }}>
          {m.carrierMessage}
        </Typography.Text>
      )}
    </div>
  );

  const seqOf = (g: ManifestGroup, id: number | null) => g.manifests.find((m) => m.id === id)?.seq;
  const parcelColumns = (g: ManifestGroup): ColumnsType<ManifestParcel> =>
    mobile
      ? [
          {
            key: 'line',
            title: t('manifests.col.tracking'),
            render: (_: unknown, p) => (
              <div className="manifests-row">
                <DocNo>{p.trackingNo}</DocNo>
                {stateOfParcel(g, p)}
                <Typography.Text type="secondary">{[p.outboundUNID, p.merchant, p.palletCode].join(' · ')}</Typography.Text>
              </div>
            ),
          },
        ]
      : [
          { key: 'tracking', title: t('manifests.col.tracking'), render: (_: unknown, p) => <DocNo>{p.trackingNo}</DocNo> },
          { key: 'order', dataIndex: 'outboundUNID', title: t('manifests.col.order') },
          { key: 'merchant', dataIndex: 'merchant', title: t('manifests.col.merchant'), ellipsis: true },
          { key: 'pallet', dataIndex: 'palletCode', title: t('manifests.col.pallet') },
          { key: 'at', dataIndex: 'handedOverAt', title: t('manifests.col.handedOverAt'), render: (v: string) => formatDateTime(v) },
          { key: 'weight', dataIndex: 'weightKg', title: t('manifests.col.weight'), align: 'right', render: (v: number | null) => (v === null ? '—' : v) },
          { key: 'manifest', title: t('manifests.col.manifest'), render: (_: unknown, p) => stateOfParcel(g, p) },
        ];
  const stateOfParcel = (g: ManifestGroup, p: ManifestParcel) =>
    p.manifestId !== null ? (
      <Tag color="success">{t('manifests.manifest', { seq: seqOf(g, p.manifestId) ?? '' })}</Tag>
    ) : p.late ? (
      <Tag color="error" data-testid="manifest-late">
        {t('manifests.late')}
      </Tag>
    ) : (
      <Tag color="warning">{t('manifests.open')}</Tag>
    );

  const group = (g: ManifestGroup) => {
    const lateOpen = g.parcels.filter((p) => p.late && p.manifestId === null).length;
    const retry = g.open === 0 && g.manifests.some((m) => m.carrierState === 'failed');
    return (
      <Card
        key={g.accountKey}
        className="manifests-group"
        size="small"
        data-testid={`manifest-group-${g.accountKey}`}
        title={
          <Space direction="vertical" size={0}>
            <Typography.Text strong>{accountLabel(g)}</Typography.Text>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {g.carrierCall ? t('manifests.carrierCall') : t('manifests.documentsOnly')}
            </Typography.Text>
          </Space>
        }
        extra={
          can(EDIT) && (
            <Button type="primary" disabled={g.open === 0 && !retry} onClick={() => close(g)} data-testid="manifest-close">
              {t('manifests.closeDay')}
            </Button>
          )
        }
      >
        <Space wrap size={4}>
          <Tag>
            {t('manifests.handedOver')}: {g.handedOver}
          </Tag>
          <Tag color={g.open ? 'warning' : 'default'} data-testid="manifest-open-count">
            {t('manifests.open')}: {g.open}
          </Tag>
          {lateOpen > 0 && (
            <Tag color="error">
              {t('manifests.late')}: {lateOpen}
            </Tag>
          )}
        </Space>
        {lateOpen > 0 && (
          <Alert
            className="manifests-alert"
            style={{ marginTop: 8 }}
            type="error"
            showIcon
            message={t('manifests.lateAlert', { count: lateOpen })}
            data-testid="manifest-late-alert"
          />
        )}
        {g.manifests.length > 0 && <div className="manifests-list">{g.manifests.map(manifestRow)}</div>}
        <Table<ManifestParcel>
          size="small"
          rowKey="trackingNo"
          pagination={g.parcels.length > 50 ? { pageSize: 50 } : false}
          columns={parcelColumns(g)}
          dataSource={g.parcels}
          rowClassName={(p) => (p.late && p.manifestId === null ? 'manifests-late-row' : '')}
          scroll={mobile ? undefined : { x: 760 }}
          data-testid="manifest-parcels"
        />
      </Card>
    );
  };

  return (
    <div data-testid="manifests-page">
      <div className="manifests-head">
        <Typography.Text>{t('manifests.day')}</Typography.Text>
        <DatePicker
          allowClear={false}
          value={shownDay ? dayjs(shownDay) : null}
          onChange={(d) => setDay(d ? d.format('YYYY-MM-DD') : undefined)}
          data-testid="manifests-day"
        />
        <Button onClick={() => setDay(undefined)}>{t('manifests.today')}</Button>
        <Button icon={<ReloadOutlined />} onClick={() => void query.refetch()} aria-label={t('manifests.refresh')} />
        {data && (
          <Tag color={data.cutoffPassed ? 'error' : 'default'} data-testid="manifests-cutoff">
            {data.cutoffPassed ? t('manifests.cutoffPassed', { time: data.cutoff }) : t('manifests.cutoff', { time: data.cutoff })}
          </Tag>
        )}
      </div>
      {/* Without these the page stayed blank while reading and after a failed read (the toast gone). */}
      {query.isPending && <Spin className="manifests-loading" data-testid="manifests-loading" />}
      {query.isError && (
        <Alert
          type="error"
          showIcon
          message={t('manifests.loadFailed', { message: query.error.message })}
          action={
            <Button size="small" onClick={() => void query.refetch()} data-testid="manifests-retry">
              {t('manifests.retry')}
            </Button>
          }
          data-testid="manifests-error"
        />
      )}
      {data && data.groups.length === 0 && <Empty description={t('manifests.empty')} />}
      {data?.groups.map(group)}
      {shownDay && <HandoverActivity day={shownDay} />}
    </div>
  );
}
