import { EditOutlined, ReloadOutlined } from '@ant-design/icons';
import { INBOUND_MERCHANT_EDITABLE, INBOUND_ORDER } from '@kontor/contracts/status/inbound';
import { Button, Empty, Space, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../auth/store.js';
import { useCan } from '../../masks/can.js';
import { notify } from '../../notify/queue.js';
import { countingStarted, LinesTable, ScansTable, StagingTable } from './DetailTables.js';
import { inboundApi, type InboundDetail, type InboundManualStatus } from './inbound-api.js';
import { InboundOrderForm } from './InboundOrderForm.js';
import { OrderHeader } from './OrderHeader.js';
import { useRecordQuery } from '../../api/use-record-query.js';
import { WithDocNo } from '../../components/DocNo.js';
import { RecordDrawer } from '../../components/RecordDrawer.js';
import { useStatusChange } from '../../components/use-status-change.js';

/** The changes made by hand; receiving, completing and putaway make the others. */
const MANUAL: InboundManualStatus[] = ['inTransit', 'receiptPending', 'canceled'];
/** Orders nobody changes any more. */
const CLOSED = INBOUND_ORDER.codes('inbounded', 'canceled');

interface Props {
  id: number | null;
  onClose(): void;
  /** Something changed (status, edit): the list reloads. */
  onChanged(): void;
}

/**
 * One inbound order (issue 6 §1): header, lines with their differences, recent scans and what still
 * waits in staging, with the actions its status allows (architecture rule 6: from the status table).
 * Merchants edit only while the order is not yet being received; staff afterwards with a reason.
 */
export function InboundOrderDrawer({ id, onClose, onChanged }: Props) {
  const { t } = useTranslation();
  const can = useCan();
  const merchantSession = !!useAuth((s) => s.user?.merchantId);
  const { detail, setDetail, load } = useRecordQuery<InboundDetail>('inbound-orders', id, inboundApi.detail, onClose);
  // The id of the order being edited, so a form left open never shows for another order.
  const [editing, setEditing] = useState<number | null>(null);
  const statusChange = useStatusChange();

  const order = detail?.order.id === id ? detail.order : null;
  const canEdit = can('r7g.orders.edit');
  const editable = !!order && canEdit && (merchantSession ? INBOUND_MERCHANT_EDITABLE.includes(order.status) : !CLOSED.includes(order.status));
  const actions = order && canEdit ? MANUAL.filter((s) => INBOUND_ORDER.can(order.status, s)) : [];

  const change = (status: InboundManualStatus) => {
    if (!order) return;
    const question = { title: t('inbound.actions.canceled'), content: t('inbound.cancelConfirm', { unid: order.unid }) };
    statusChange.change(
      async () => {
        await inboundApi.setStatus(order.id, status);
        notify((n) => n.success(t(`inbound.done.${status}`)));
        onChanged();
        await load(order.id);
      },
      status === 'canceled' ? question : undefined,
    );
  };

  const toolbar = order && (
    <Space wrap>
      {editable && (
        <Button icon={<EditOutlined />} onClick={() => setEditing(order.id)} data-testid="inbound-edit">
          {t('inbound.edit')}
        </Button>
      )}
      {actions.map((s) => (
        <Button key={s} danger={s === 'canceled'} loading={statusChange.busy} onClick={() => change(s)} data-testid={`inbound-status-${s}`}>
          {t(`inbound.actions.${s}`)}
        </Button>
      ))}
      <Button icon={<ReloadOutlined />} aria-label={t('mask.reload')} onClick={() => void load(order.id)} data-testid="inbound-refresh" />
    </Space>
  );

  return (
    <RecordDrawer
      open={id !== null}
      onClose={onClose}
      width={1000}
      title={order ? <WithDocNo text={t('inbound.detailTitle', { unid: order.unid })} no={order.unid} /> : t('inbound.detail')}
      record={order && detail && { order, detail }}
      testId="inbound-detail"
    >
      {({ order, detail }) => (
        <>
          <div style={{ marginBottom: 12 }}>{toolbar}</div>
          <OrderHeader order={order} showMerchant={!merchantSession} />
          <Tabs
            style={{ marginTop: 12 }}
            items={[
              {
                key: 'lines',
                label: t('inbound.linesTab', { count: detail.lines.length }),
                children: <LinesTable lines={detail.lines} counting={countingStarted(order.status)} />,
              },
              {
                key: 'scans',
                label: t('inbound.scansTab', { count: detail.scans.length }),
                children: detail.scans.length ? <ScansTable scans={detail.scans} /> : <Empty description={t('inbound.noScans')} />,
              },
              {
                key: 'staging',
                label: t('inbound.stagingTab', { count: detail.staging.length }),
                children: detail.staging.length ? <StagingTable rows={detail.staging} /> : <Empty description={t('inbound.noStaging')} />,
              },
            ]}
          />
          <InboundOrderForm
            open={editing === order.id}
            detail={detail}
            onClose={() => setEditing(null)}
            onReloaded={setDetail}
            onSaved={() => {
              setEditing(null);
              notify((n) => n.success(t('mask.saved')));
              onChanged();
              void load(order.id);
            }}
          />
        </>
      )}
    </RecordDrawer>
  );
}
