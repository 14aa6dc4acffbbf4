import { useQuery } from '@tanstack/react-query';
import { Button, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatMoney } from '../../lib/format.js';
import { useCan } from '../../masks/can.js';
import { fromCents, gateApi, type GateShipment } from './gate-api.js';
import { GateDeliveryTag, GateShipmentTracking } from './GateShipmentTracking.js';
import { ConfirmButton } from '../../components/ConfirmButton.js';

const TONE: Record<GateShipment['state'], string> = { pending: 'orange', bought: 'green', failed: 'red', voided: 'default' };

/**
 * The latest shipments a gate user bought with its keys, with their tracking numbers, each parcel's
 * delivery state and label PDF; a row opens to its parcels' carrier events (docs/carrier-gate.md "Tracking").
 */
export function GateUserShipments({ gateUserId }: { gateUserId: number }) {
  const { t, i18n } = useTranslation();
  const canEdit = useCan()('c5r.users.edit');
  const shipments = useQuery({ queryKey: ['gate-users', 'shipments', gateUserId], queryFn: () => gateApi.shipments(gateUserId) });
  return (
    <div data-testid="gate-shipments" style={{ marginTop: 16 }}>
      <Typography.Title level={5}>{t('gate.shipments')}</Typography.Title>
      <Table<GateShipment>
        rowKey="id"
        size="small"
        loading={shipments.isFetching}
        dataSource={shipments.data ?? []}
        pagination={false}
        locale={{ emptyText: t('gate.noShipments') }}
        scroll={{ x: 'max-content' }}
        expandable={{ expandedRowRender: (s) => <GateShipmentTracking shipment={s} />, rowExpandable: (s) => s.state === 'bought' }}
        columns={[
          { key: 'createdAt', dataIndex: 'createdAt', title: t('gate.created'), render: formatDateTime },
          { key: 'reference', dataIndex: 'reference', title: t('gate.reference') },
          { key: 'product', title: t('gate.product'), render: (_: unknown, s) => `${s.carrier.toUpperCase()} ${s.product}` },
          { key: 'state', title: t('gate.state'), render: (_: unknown, s) => <Tag color={TONE[s.state]}>{t(`gate.shipmentState.${s.state}`)}</Tag> },
          {
            key: 'delivery',
            title: t('gate.delivery'),
            render: (_: unknown, s) => (
              <Space size={4} wrap data-testid={`gate-shipment-delivery-${s.id}`}>
                {s.parcels.map((p) => (
                  <GateDeliveryTag key={p.id} parcel={p} />
                ))}
              </Space>
            ),
          },
          { key: 'tracking', title: t('gate.tracking'), render: (_: unknown, s) => s.trackingNumbers.join(', ') },
          {
            key: 'cost',
            title: t('gate.bills.cost'),
            align: 'right',
            render: (_: unknown, s) => {
              const cost = s.parcels.reduce((sum, p) => sum + (p.costMinor ?? 0), 0);
              return formatMoney(fromCents(cost), s.parcels[0]?.currency ?? undefined, i18n.language);
            },
          },
          {
            key: 'label',
            render: (_: unknown, s) =>
              s.state !== 'voided' && (
                <Space size={4}>
                  {s.state === 'bought' && (
                    <Button size="small" onClick={() => void gateApi.shipmentLabel(s.id).catch(() => undefined)} data-testid={`gate-shipment-label-${s.id}`}>
                      {t('gate.openLabel')}
                    </Button>
                  )}
                  {canEdit && (
                    <ConfirmButton
                      title={t('gate.voidConfirm')}
                      label={t('gate.void')}
                      run={() => gateApi.voidShipment(s.id)}
                      domains={['gate-users']}
                      testId={`gate-shipment-void-${s.id}`}
                    />
                  )}
                </Space>
              ),
          },
        ]}
      />
    </div>
  );
}
