import { EditOutlined } from '@ant-design/icons';
import { CONTAINER } from '@kontor/contracts/status/inbound';
import { Button, Descriptions, Space, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { invalidateDomains, queryClient, recordKey } from '../../api/query-client.js';
import { formatDateTime, na } from '../../lib/format.js';
import { useCan } from '../../masks/can.js';
import { notify } from '../../notify/queue.js';
import { containerApi, type ContainerManualStatus, type ContainerRow } from './inbound-api.js';
import { InboundOrderDrawer } from './InboundOrderDrawer.js';
import { InboundOrderList } from './InboundOrderList.js';
import { LinkOrder } from './LinkOrder.js';
import { StateTag } from '../../components/StateTag.js';
import { DocNo, WithDocNo } from '../../components/DocNo.js';
import { RecordDrawer } from '../../components/RecordDrawer.js';
import { useStatusChange } from '../../components/use-status-change.js';

const MANUAL: ContainerManualStatus[] = ['inTransit', 'arrived', 'unloaded', 'canceled'];
/** A container takes more inbound orders until it is unloaded or canceled. */
const OPEN = CONTAINER.codes('announced', 'inTransit', 'arrived');

interface Props {
  container: ContainerRow | null;
  onClose(): void;
  onChanged(): void;
  onEdit(row: ContainerRow): void;
  warehouseCode(id: number): string;
}

/**
 * One container order (issue 6 §2): its data, the status changes the status table allows (an arrival
 * sets its inbound orders to receipt pending on the server), and the inbound orders it carries.
 */
export function ContainerDrawer({ container, onClose, onChanged, onEdit, warehouseCode }: Props) {
  const { t } = useTranslation();
  const can = useCan();
  const [openOrder, setOpenOrder] = useState<number | null>(null);
  const statusChange = useStatusChange();
  const id = container?.id ?? null;

  // Read again whenever containers change (an edit, a status); until then the list's row shows.
  const { data: fresh } = useQuery({ queryKey: recordKey('containers', id), queryFn: () => containerApi.get(id!), enabled: id !== null });

  const row = fresh?.id === id ? fresh : container;
  const canEdit = can('c7r.orders.edit');
  const actions = row && canEdit ? MANUAL.filter((s) => CONTAINER.can(row.status, s)) : [];

  const change = (status: ContainerManualStatus) => {
    if (!row) return;
    const question = { title: t('inbound.containerActions.canceled'), content: t('inbound.containerCancelConfirm', { number: row.number }) };
    statusChange.change(
      async () => {
        await containerApi.setStatus(row.id, status);
        notify((n) => n.success(t(`inbound.containerDone.${status}`)));
        queryClient.setQueryData(recordKey('containers', row.id), await containerApi.get(row.id));
        void invalidateDomains('inbound-orders');
        onChanged();
      },
      status === 'canceled' ? question : undefined,
    );
  };

  return (
    <RecordDrawer
      open={!!container}
      onClose={onClose}
      width={1000}
      title={row ? <WithDocNo text={t('inbound.containerTitle', { number: row.number })} no={row.number} /> : ''}
      record={row}
      testId="container-detail"
    >
      {(row) => (
        <>
          <Space wrap style={{ marginBottom: 12 }}>
            {canEdit && (
              <Button icon={<EditOutlined />} onClick={() => onEdit(row)} data-testid="container-edit">
                {t('inbound.edit')}
              </Button>
            )}
            {actions.map((s) => (
              <Button key={s} danger={s === 'canceled'} loading={statusChange.busy} onClick={() => change(s)} data-testid={`container-status-${s}`}>
                {t(`inbound.containerActions.${s}`)}
              </Button>
            ))}
          </Space>
          <Descriptions
            size="small"
            bordered
            column={{ xs: 1, sm: 2 }}
            data-testid="container-header"
            items={[
              { key: 'number', label: t('inbound.containerNumber'), children: <strong className="doc-no">{row.number}</strong> },
              { key: 'status', label: t('inbound.status'), children: <StateTag machine={CONTAINER} code={row.status} /> },
              { key: 'unid', label: t('inbound.orderNumber'), children: <DocNo>{row.unid}</DocNo> },
              { key: 'size', label: t('inbound.size'), children: t(`inbound.sizes.${row.size}`, { defaultValue: row.size }) },
              { key: 'warehouse', label: t('inbound.warehouse'), children: warehouseCode(row.warehouseId) },
              { key: 'carrier', label: t('inbound.shippingLine'), children: row.carrier || na() },
              { key: 'eta', label: t('inbound.eta'), children: row.eta?.slice(0, 10) ?? na() },
              { key: 'arrived', label: t('inbound.arrivedAt'), children: formatDateTime(row.arrivedAt) },
              { key: 'unloaded', label: t('inbound.unloadedAt'), children: formatDateTime(row.unloadedAt) },
              { key: 'created', label: t('inbound.created'), children: formatDateTime(row.createdAt) },
              { key: 'remark', label: t('inbound.remark'), children: row.remark || na(), span: 'filled' },
            ]}
          />
          <Typography.Title level={5} style={{ marginTop: 20 }}>
            {t('inbound.carriedOrders')}
          </Typography.Title>
          {can('r7g.orders.edit') && OPEN.includes(row.status) && (
            <div style={{ marginBottom: 12 }}>
              <LinkOrder containerId={row.id} onLinked={() => void invalidateDomains('inbound-orders')} />
            </div>
          )}
          <InboundOrderList bare filters={{ containerId: row.id }} onOpen={setOpenOrder} />
          <InboundOrderDrawer id={openOrder} onClose={() => setOpenOrder(null)} onChanged={() => void invalidateDomains('inbound-orders')} />
        </>
      )}
    </RecordDrawer>
  );
}
