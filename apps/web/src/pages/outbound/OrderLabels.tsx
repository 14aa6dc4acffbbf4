import { FileTextOutlined, PrinterOutlined, ShoppingCartOutlined, StopOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Empty, Popconfirm, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { sendPrint } from '../../api/print.js';
import { DocNo } from '../../components/DocNo.js';
import { useCan } from '../../masks/can.js';
import { notify } from '../../notify/queue.js';
import { labelsApi, mergedLabelsUrl, type LabelPurchase, type ParcelLabel } from './labels-api.js';

const STATE_COLOURS: Record<ParcelLabel['state'], string> = { pending: 'processing', bought: 'green', failed: 'red', uncertain: 'orange', voided: 'default' };

interface Props {
  orderId: number;
  orderNo: string;
  /** A purchase moved the order (packing completed, transport label awaits): the drawer and list reload. */
  onChanged(): void;
}

/**
 * An order's carrier labels (issue 17 items 3, 7): buy them, print them at the user's print station
 * (one merged PDF of 100 × 150 mm pages), reprint one, void one. A refusal names the carrier's reason in
 * the user's language; the order then waits in transport label awaits.
 */
export function OrderLabels({ orderId, orderNo, onChanged }: Props) {
  const { t } = useTranslation();
  const can = useCan();
  const navigate = useNavigate();
  const labels = useQuery({ queryKey: ['order-labels', orderId], queryFn: () => labelsApi.list(orderId) });
  const [busy, setBusy] = useState<string | null>(null);
  const rows = labels.data ?? [];
  const bought = rows.filter((l) => l.state === 'bought');

  const run = (key: string, work: () => Promise<unknown>) => {
    setBusy(key);
    work()
      .then(() => labels.refetch())
      .catch(() => undefined)
      .finally(() => setBusy(null));
  };
  const reasonOf = (item: { errorCode: string | null; errorText: string }) =>
    [item.errorCode ? t(`error.${item.errorCode}`) : '', item.errorText].filter(Boolean).join(' · ');
  const told = (purchase: LabelPurchase) => {
    if (purchase.complete) notify((n) => n.success(t('outbound.labels.bought', { tracking: purchase.shipBundle.split('\n').join(', ') })));
    else notify((n) => n.error(t('outbound.labels.queued', { reason: reasonOf(purchase) })));
    onChanged();
  };
  const print = (key: string, ids: number[]) =>
    run(key, async () => {
      await sendPrint({ kind: 'label', url: mergedLabelsUrl(ids), title: orderNo });
      notify((n) => n.success(t('outbound.labels.sent')));
    });

  return (
    <div data-testid="order-labels">
      <Space wrap style={{ marginBottom: 12 }}>
        {can('p11y.labels.print') && (
          <Button
            icon={<ShoppingCartOutlined />}
            loading={busy === 'buy'}
            onClick={() => run('buy', () => labelsApi.buy(orderId).then(told))}
            data-testid="labels-buy"
          >
            {bought.length ? t('outbound.labels.buyAgain') : t('outbound.labels.buy')}
          </Button>
        )}
        <Button
          type="primary"
          icon={<PrinterOutlined />}
          disabled={!bought.length}
          loading={busy === 'print'}
          onClick={() =>
            print(
              'print',
              bought.map((l) => l.id),
            )
          }
          data-testid="labels-print"
        >
          {t('outbound.labels.printAll')}
        </Button>
        {can('p11y.labels.print') && (
          <Button
            icon={<FileTextOutlined />}
            onClick={() =>
              // The packing slip opens in the PDF view (spec §2 /pdfViewer), which downloads and prints it.
              navigate(`/pdfViewer?${new URLSearchParams({ url: `/v0/labels/orders/${orderId}/packing-slip`, name: `packing-slip-${orderNo}.pdf` })}`)
            }
            data-testid="labels-packing-slip"
          >
            {t('outbound.labels.packingSlip')}
          </Button>
        )}
      </Space>
      <Table<ParcelLabel>
        size="small"
        rowKey="id"
        loading={labels.isLoading}
        dataSource={rows}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('outbound.labels.none')} /> }}
        columns={[
          {
            title: t('outbound.labels.tracking'),
            key: 'tracking',
            render: (_, l) => (
              <Space size={4}>
                <DocNo>{l.trackingNumber || '—'}</DocNo>
                {l.isReturn && <Tag>{t('outbound.labels.returnLabel')}</Tag>}
              </Space>
            ),
          },
          { title: t('outbound.labels.carrier'), key: 'carrier', render: (_, l) => `${l.carrier.toUpperCase()} · ${l.product}` },
          { title: t('outbound.labels.weight'), dataIndex: 'weightKg', render: (kg: number) => `${kg} kg` },
          {
            title: t('outbound.labels.state'),
            key: 'state',
            render: (_, l) => (
              <Space direction="vertical" size={0}>
                <Tag color={STATE_COLOURS[l.state]}>{t(`outbound.labels.states.${l.state}`)}</Tag>
                {(l.errorCode || l.errorText) && <span className="ant-typography ant-typography-danger">{reasonOf(l)}</span>}
              </Space>
            ),
          },
          {
            key: 'actions',
            render: (_, l) =>
              l.state === 'bought' && (
                <Space size={4}>
                  <Button
                    size="small"
                    icon={<PrinterOutlined />}
                    loading={busy === `print-${l.id}`}
                    onClick={() => print(`print-${l.id}`, [l.id])}
                    data-testid={`label-print-${l.id}`}
                  >
                    {t('outbound.labels.print')}
                  </Button>
                  {can('p11y.labels.manage') && (
                    <Popconfirm
                      title={t('outbound.labels.voidConfirm', { tracking: l.trackingNumber })}
                      onConfirm={() => run(`void-${l.id}`, () => labelsApi.void(l.id).then(onChanged))}
                    >
                      <Button size="small" danger icon={<StopOutlined />} loading={busy === `void-${l.id}`} data-testid={`label-void-${l.id}`}>
                        {t('outbound.labels.void')}
                      </Button>
                    </Popconfirm>
                  )}
                </Space>
              ),
          },
        ]}
      />
    </div>
  );
}
