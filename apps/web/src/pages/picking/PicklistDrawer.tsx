import { OUTBOUND_ORDER, PICKLIST, PICKLIST_OPEN } from '@kontor/contracts';
import { Button, Descriptions, Drawer, Popconfirm, Space, Spin, Table, Tabs, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { openWindow } from '../../api/download.js';
import { sendPrint } from '../../api/print.js';
import { invalidateDomains } from '../../api/query-client.js';
import { useRecordQuery } from '../../api/use-record-query.js';
import { DocNo } from '../../components/DocNo.js';
import { StateTag } from '../../components/StateTag.js';
import { useLayout } from '../../layout/store.js';
import { formatDateTime, na } from '../../lib/format.js';
import { notify } from '../../notify/queue.js';
import { pickingApi, type PicklistDetail } from './picking-api.js';

interface Props {
  id: number | null;
  onClose(): void;
}

const isOpen = (status: number) => PICKLIST_OPEN.some((s) => PICKLIST.codeOf(s) === status);

/**
 * One picklist (issue 18 item 5): its facts, the lines in pick-path order, the orders (take one out
 * while the picklist is open), cancel, and the PDF: downloaded here or sent to the user's print
 * station; either marks the picklist printed (its orders move to picklist printed).
 */
export function PicklistDrawer({ id, onClose }: Props) {
  const { t } = useTranslation();
  const mobile = useLayout((s) => s.device === 'mobile');
  const { detail, setDetail } = useRecordQuery('picklists', id, pickingApi.detail, onClose);
  const p = detail && detail.id === id ? detail : null;

  const after = async (next: PicklistDetail) => {
    setDetail(next);
    await invalidateDomains('picklists', 'outbound-orders');
  };
  const printed = async (list: PicklistDetail) => {
    await after(await pickingApi.printed(list.id));
    notify((n) => n.success(t('picking.printedDone', { unid: list.unid })));
  };
  const downloadPdf = async (list: PicklistDetail) => {
    await pickingApi.downloadPdf(list.id, list.unid);
    await printed(list);
  };
  const toStation = async (list: PicklistDetail) => {
    await sendPrint({ kind: 'a4', url: pickingApi.pdfUrl(list.id), title: list.unid });
    await printed(list);
  };

  const lines = p && (
    <Table
      size="small"
      rowKey="position"
      pagination={false}
      dataSource={p.lines}
      data-testid="picklist-lines"
      scroll={{ x: 'max-content' }}
      columns={[
        { key: 'position', title: t('picking.position'), width: 48, render: (_: unknown, l) => l.position + 1 },
        { key: 'compartment', dataIndex: 'compartment', title: t('picking.compartment'), render: (v: string) => <Typography.Text strong>{v}</Typography.Text> },
        ...(mobile ? [] : [{ key: 'zone', dataIndex: 'zone', title: t('picking.zone'), width: 64 }]),
        {
          key: 'item',
          title: t('picking.item'),
          render: (_: unknown, l: PicklistDetail['lines'][number]) => (
            <div>
              <Typography.Text strong>{l.sku}</Typography.Text>
              <div>
                <Typography.Text type="secondary">{l.itemName}</Typography.Text>
              </div>
            </div>
          ),
        },
        { key: 'batch', dataIndex: 'batch', title: t('picking.batch'), render: (v: string) => v || na() },
        { key: 'qty', dataIndex: 'qty', title: t('picking.qty'), align: 'right' as const },
        { key: 'qtyPrinted', dataIndex: 'qtyPrinted', title: t('picking.qtyPrinted'), align: 'right' as const },
      ]}
    />
  );
  const orders = p && (
    <Table
      size="small"
      rowKey="id"
      pagination={false}
      dataSource={p.orders}
      data-testid="picklist-orders"
      scroll={{ x: 'max-content' }}
      columns={[
        { key: 'unid', title: t('picking.order'), render: (_: unknown, o) => <DocNo>{o.unid}</DocNo> },
        ...(mobile ? [] : [{ key: 'merchantName', dataIndex: 'merchantName', title: t('picking.merchant') }]),
        { key: 'status', title: t('picking.orderStatus'), render: (_: unknown, o) => <StateTag machine={OUTBOUND_ORDER} code={o.status} /> },
        { key: 'units', dataIndex: 'units', title: t('picking.units'), align: 'right' as const },
        {
          key: 'state',
          title: t('picking.finished'),
          render: (_: unknown, o: PicklistDetail['orders'][number]) =>
            !o.active ? <Tag>{t('picking.removed')}</Tag> : o.finished ? <Tag color="success">{t('picking.finished')}</Tag> : null,
        },
        {
          key: 'actions',
          title: '',
          render: (_: unknown, o: PicklistDetail['orders'][number]) =>
            o.active && !o.finished && isOpen(p.status) ? (
              <Popconfirm title={t('picking.removeConfirm', { unid: o.unid })} onConfirm={async () => after(await pickingApi.removeOrder(p.id, o.id))}>
                <Button size="small" danger data-testid="picklist-remove-order">
                  {t('picking.removeOrder')}
                </Button>
              </Popconfirm>
            ) : null,
        },
      ]}
    />
  );

  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      size={mobile ? '100%' : 960}
      title={p ? t('picking.detail', { unid: p.unid }) : t('picking.number')}
      destroyOnHidden
      extra={
        p && (
          <Space wrap>
            <Button
              onClick={() => openWindow(`/pdfViewer?url=${encodeURIComponent(pickingApi.pdfUrl(p.id))}&name=${encodeURIComponent(`${p.unid}.pdf`)}`)}
              data-testid="picklist-preview"
            >
              {t('picking.preview')}
            </Button>
            <Button onClick={() => void downloadPdf(p)} data-testid="picklist-pdf">
              {t('picking.pdf')}
            </Button>
            <Button type="primary" onClick={() => void toStation(p)} data-testid="picklist-print">
              {t('picking.printStation')}
            </Button>
          </Space>
        )
      }
    >
      {!p ? (
        <Spin style={{ display: 'block', margin: '48px auto' }} />
      ) : (
        <div data-testid="picklist-detail">
          <Descriptions size="small" column={mobile ? 1 : 3} bordered style={{ marginBottom: 16 }}>
            <Descriptions.Item label={t('picking.number')}>
              <DocNo>{p.unid}</DocNo>
            </Descriptions.Item>
            <Descriptions.Item label={t('picking.status')}>
              <StateTag machine={PICKLIST} code={p.status} />
            </Descriptions.Item>
            <Descriptions.Item label={t('picking.type')}>{t(`picking.types.${p.type}`)}</Descriptions.Item>
            <Descriptions.Item label={t('picking.carrier')}>{p.carrier || t('picking.mixed')}</Descriptions.Item>
            <Descriptions.Item label={t('picking.merchant')}>{p.merchantName || t('picking.mixed')}</Descriptions.Item>
            <Descriptions.Item label={t('picking.picked')}>{`${p.itemQtyPicked} / ${p.itemQty}`}</Descriptions.Item>
            <Descriptions.Item label={t('picking.created')}>{`${formatDateTime(p.createdAt)} · ${p.createdByName || na()}`}</Descriptions.Item>
            <Descriptions.Item label={t('picking.printedAt')}>{p.printedAt ? formatDateTime(p.printedAt) : na()}</Descriptions.Item>
          </Descriptions>
          <Tabs
            items={[
              { key: 'path', label: `${t('picking.path')} (${p.lines.length})`, children: lines },
              { key: 'orders', label: `${t('picking.orders')} (${p.orderCount})`, children: orders },
            ]}
          />
          {isOpen(p.status) && (
            <Popconfirm title={t('picking.cancelConfirm', { unid: p.unid })} onConfirm={async () => after(await pickingApi.cancel(p.id))}>
              <Button danger style={{ marginTop: 16 }} data-testid="picklist-cancel">
                {t('picking.cancel')}
              </Button>
            </Popconfirm>
          )}
        </div>
      )}
    </Drawer>
  );
}
