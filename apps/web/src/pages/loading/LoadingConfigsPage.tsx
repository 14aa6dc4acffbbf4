import { UploadOutlined } from '@ant-design/icons';
import { Button, Modal, Select, Space, Tag, Typography, Upload } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { openWindow } from '../../api/download.js';
import { invalidateDomains } from '../../api/query-client.js';
import { uploadFile } from '../../api/upload.js';
import { useListQuery } from '../../api/use-list-query.js';
import { DocNo } from '../../components/DocNo.js';
import { FileLinks } from '../../components/FilesInput.js';
import { ListScaffold } from '../../components/list/ListScaffold.js';
import { useLayout } from '../../layout/store.js';
import { useAddressFilters } from '../../router/use-address-filters.js';
import { formatDateTime } from '../../lib/format.js';
import { useCan } from '../../masks/can.js';
import { notify } from '../../notify/queue.js';
import { loadingApi, type Pallet } from './loading-api.js';
import { PalletConfigDialog } from './PalletConfigDialog.js';
import './loading.css';

const EDIT = 'wms.pallets.edit';
const viewer = (url: string, name: string) => openWindow(`/pdfViewer?url=${encodeURIComponent(url)}&name=${encodeURIComponent(name)}`);

/**
 * `/wEP/loadingConfigs` (issue 19 items 1 and 4): loading configs newest first; create, edit and print
 * them (the A4 loading sheet), hand a pallet over (its orders become shipped), print the handover
 * document and keep the signed copy with the pallet.
 */
export default function LoadingConfigsPage() {
  const { t } = useTranslation();
  const can = useCan();
  const mobile = useLayout((s) => s.device === 'mobile');
  // `?state=loaded` from the home page's "Loaded, not handed over" figure.
  const [filters, setFilters] = useAddressFilters<{ q?: string; state?: string }>({ state: 'text' }, { state: 'open' });
  const [editing, setEditing] = useState<Pallet | 'new' | null>(null);
  const list = useListQuery('pallets', loadingApi.list, filters as Record<string, unknown>);
  const editable = can(EDIT);

  const handover = (p: Pallet) =>
    Modal.confirm({
      title: t('loadingConfigs.handover'),
      content: t('loadingConfigs.handoverConfirm', { code: p.palletCode }),
      okText: t('loading.yes'),
      cancelText: t('loading.no'),
      okButtonProps: { ...({ 'data-testid': 'pallet-handover-ok' } as object) },
      onOk: async () => {
        const answer = await loadingApi.close(p.palletCode);
        notify((n) =>
          n.success(
            t('loadingConfigs.handedOver', {
              code: p.palletCode,
              shipped: answer.shipped.length,
              partial: answer.partiallyShipped.length,
              unmatched: answer.unmatched,
            }),
          ),
        );
        await invalidateDomains('pallets', 'outbound-orders');
      },
    });

  // The signed copy is the proof of the handover: say that it is stored. A refusal (too large, wrong type,
  // network) is already shown by the request layer; it must not also end as an unhandled rejection.
  const uploadSigned = async (p: Pallet, file: File) => {
    try {
      const stored = await uploadFile('intern', file);
      await loadingApi.signed(p.palletCode, [{ id: stored.id }]);
      notify((n) => n.success(t('loadingConfigs.signedStored', { code: p.palletCode })));
      await invalidateDomains('pallets');
    } catch {
      // shown by the request layer
    }
  };

  const actions = (p: Pallet) => (
    <Space size={4} wrap>
      <Button size="small" onClick={() => viewer(loadingApi.pdfUrl(p.palletCode), `${p.palletCode}.pdf`)} data-testid="pallet-print">
        {t('loadingConfigs.print')}
      </Button>
      {editable && p.state === 'open' && (
        <>
          <Button size="small" onClick={() => setEditing(p)} data-testid="pallet-edit">
            {t('loadingConfigs.editAction')}
          </Button>
          <Button size="small" type="primary" onClick={() => handover(p)} data-testid="pallet-handover">
            {t('loadingConfigs.handover')}
          </Button>
        </>
      )}
      {p.state === 'closed' && (
        <Button size="small" onClick={() => viewer(loadingApi.handoverUrl(p.palletCode), `${p.palletCode}-handover.pdf`)} data-testid="pallet-handover-pdf">
          {t('loadingConfigs.handoverPdf')}
        </Button>
      )}
      {editable && p.state === 'closed' && (
        <Upload
          showUploadList={false}
          accept="application/pdf,image/*"
          beforeUpload={(file) => {
            void uploadSigned(p, file);
            return false;
          }}
        >
          <Button size="small" icon={<UploadOutlined />} data-testid="pallet-upload-signed">
            {t('loadingConfigs.uploadSigned')}
          </Button>
        </Upload>
      )}
      {p.signedFiles.length > 0 && <FileLinks files={p.signedFiles} />}
    </Space>
  );
  const stateTag = (p: Pallet) =>
    p.state === 'open' ? <Tag color="processing">{t('loadingConfigs.open')}</Tag> : <Tag color="success">{t('loadingConfigs.closedState')}</Tag>;
  const full: ColumnsType<Pallet> = [
    { key: 'code', title: t('loadingConfigs.code'), width: 140, fixed: 'left', render: (_: unknown, p) => <DocNo>{p.palletCode}</DocNo> },
    { key: 'state', title: t('loadingConfigs.state'), width: 110, render: (_: unknown, p) => stateTag(p) },
    { key: 'carrier', dataIndex: 'pickupCarrier', title: t('loading.carrier'), width: 140, ellipsis: true },
    { key: 'unit', title: t('loading.unit'), width: 90, render: (_: unknown, p) => t(`loading.unitLabel.${p.unitStr}`) },
    { key: 'plate', dataIndex: 'plateNumber2', title: t('loading.plate'), width: 130 },
    { key: 'date', dataIndex: 'pickupDate', title: t('loading.pickupDate'), width: 110 },
    { key: 'count', dataIndex: 'trackingCount', title: t('loading.count'), width: 90, align: 'right' },
    { key: 'note', dataIndex: 'importantNote', title: t('loading.note'), width: 180, ellipsis: true },
    { key: 'created', dataIndex: 'createdAt', title: t('loadingConfigs.created'), width: 150, render: (v: string) => formatDateTime(v) },
    // Kept in view: at 1440 px the columns are wider than the page, and "Hand over" sat off screen.
    { key: 'actions', title: t('loadingConfigs.actions'), width: 320, fixed: 'right', render: (_: unknown, p) => actions(p) },
  ];
  const line: ColumnsType<Pallet>[number] = {
    key: 'line',
    title: t('loadingConfigs.code'),
    render: (_: unknown, p) => (
      <div className="loading-row" style={{ flexDirection: 'column', alignItems: 'flex-start' }}>
        <Space size={8} wrap>
          <DocNo>{p.palletCode}</DocNo>
          {stateTag(p)}
        </Space>
        <Typography.Text type="secondary">
          {[p.pickupCarrier, p.plateNumber2, p.pickupDate, `${p.trackingCount} ${t('loading.count')}`].filter(Boolean).join(' · ')}
        </Typography.Text>
        {actions(p)}
      </div>
    ),
  };

  return (
    <ListScaffold
      id="pallets"
      testId="pallets-page"
      list={list}
      columns={mobile ? [line] : full}
      search={{ placeholder: t('loadingConfigs.search'), onSearch: (q) => setFilters({ ...filters, q }) }}
      filters={
        <Space wrap>
          <Select
            value={filters.state ?? ''}
            // Wide enough for "Verladen, nicht übergeben" (the home page's loaded figure opens it).
            style={{ width: 240 }}
            onChange={(state: string) => setFilters({ ...filters, state })}
            options={[
              { value: 'open', label: t('loadingConfigs.open') },
              { value: 'loaded', label: t('loadingConfigs.loaded') },
              { value: 'closed', label: t('loadingConfigs.closedState') },
              { value: '', label: t('loadingConfigs.all') },
            ]}
            data-testid="pallets-state"
          />
          {editable && (
            <Button type="primary" onClick={() => setEditing('new')} data-testid="pallet-create">
              {t('loadingConfigs.create')}
            </Button>
          )}
        </Space>
      }
    >
      <PalletConfigDialog pallet={editing} onClose={() => setEditing(null)} />
    </ListScaffold>
  );
}
