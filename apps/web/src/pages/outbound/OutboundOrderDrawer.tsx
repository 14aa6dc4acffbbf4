import { CopyOutlined, DeleteOutlined, DownOutlined, EditOutlined, ReloadOutlined, RollbackOutlined } from '@ant-design/icons';
import type { BulkAction } from '@kontor/contracts/domains/outbound';
import { OUTBOUND_EXCEPTIONS, OUTBOUND_ORDER, type OutboundState } from '@kontor/contracts/status/outbound';
import { Alert, Button, Dropdown, Space, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../auth/store.js';
import { useCan } from '../../masks/can.js';
import { notify } from '../../notify/queue.js';
import { useStateLabel } from '../../components/StateTag.js';
import { OrderTickets } from '../../components/tickets/OrderTickets.js';
import { HistoryTimeline, OutboundLinesTable } from './DetailParts.js';
import { OrderFacts } from './OrderFacts.js';
import { OrderLabels } from './OrderLabels.js';
import { OrderTracking } from './OrderTracking.js';
import { PartialFinishDialog } from './PartialFinishDialog.js';
import { addressProblemsText } from './field-labels.js';
import { outboundApi, type OutboundDetail } from './outbound-api.js';
import { OutboundOrderForm } from './OutboundOrderForm.js';
import { StatusDialog, type PendingChange } from './StatusDialog.js';
import { useRecordQuery } from '../../api/use-record-query.js';
import { WithDocNo } from '../../components/DocNo.js';
import { RecordDrawer } from '../../components/RecordDrawer.js';

interface Props {
  id: number | null;
  onClose(): void;
  /** Something changed (status, edit, copy): the list reloads. */
  onChanged(): void;
  /** Opens another order (the copy just made). */
  onOpen(id: number): void;
}

/**
 * One outbound order (issue 7 §4): its fields and addresses, lines with their reservations, the
 * history, its tickets, and the actions this session may take: the status changes come from the
 * server's `next` (the status table filtered by privilege), editing from its `editable`.
 */
export function OutboundOrderDrawer({ id, onClose, onChanged, onOpen }: Props) {
  const { t } = useTranslation();
  const can = useCan();
  const staff = !useAuth((s) => s.user?.merchantId);
  const stateLabel = useStateLabel(OUTBOUND_ORDER);
  const { detail, setDetail, load } = useRecordQuery<OutboundDetail>('outbound-orders', id, outboundApi.detail, onClose);
  const [editing, setEditing] = useState<number | null>(null);
  const [change, setChange] = useState<PendingChange | null>(null);
  const [busy, setBusy] = useState(false);
  const [finishing, setFinishing] = useState(false);

  const order = detail?.order.id === id ? detail.order : null;
  const canEdit = can('p11y.orders.edit');

  const changed = (next?: OutboundDetail) => {
    onChanged();
    if (next) setDetail(next);
    else if (order) void load(order.id);
  };
  const guarded = (run: () => Promise<void>) => {
    setBusy(true);
    run()
      .catch(() => undefined)
      .finally(() => setBusy(false));
  };
  const confirm = (title: string, content: string, onOk: () => Promise<void>, danger = false) =>
    notify((n) => n.confirm({ title, content, danger, okText: t('common.ok'), cancelText: t('common.cancel'), onOk: () => onOk().catch(() => undefined) }));

  /** Delete and restore are the list's bulk actions on one order; a refusal says why. */
  const single = async (action: BulkAction) => {
    if (!order) return;
    const [result] = (await outboundApi.bulk({ ids: [order.id], action })).results;
    if (!result?.ok) return notify((n) => n.error(result?.message || t('error.common')));
    notify((n) => n.success(t(`outbound.done.${action}`)));
    changed();
  };
  const copy = async () => {
    if (!order) return;
    const made = await outboundApi.copy(order.id);
    notify((n) => n.success(t('outbound.copied', { unid: made.unid })));
    onChanged();
    setEditing(made.id);
    onOpen(made.id);
  };

  // A partial finish has its own button and dialog (it needs a reason); the status menu leaves it out.
  const statusNext = detail?.next.filter((s) => s !== 'partiallyFinish') ?? [];
  const toolbar = order && detail && (
    <Space wrap>
      {canEdit && detail.editable && (
        <Button icon={<EditOutlined />} onClick={() => setEditing(order.id)} data-testid="outbound-edit">
          {t('outbound.edit')}
        </Button>
      )}
      {canEdit && !order.deletedAt && (
        <Button
          icon={<CopyOutlined />}
          loading={busy}
          onClick={() => confirm(t('outbound.copy'), t('outbound.copyConfirm', { unid: order.unid }), copy)}
          data-testid="outbound-copy"
        >
          {t('outbound.copy')}
        </Button>
      )}
      {statusNext.length > 0 && (
        <Dropdown
          trigger={['click']}
          menu={{
            items: statusNext.map((s) => {
              const code = (OUTBOUND_ORDER.states as Record<string, { code: number }>)[s]?.code;
              return { key: s, label: code === undefined ? s : stateLabel(code), danger: s === 'canceled', 'data-testid': `outbound-next-${s}` };
            }),
            onClick: ({ key }) => setChange({ kind: 'status', to: key }),
          }}
        >
          <Button data-testid="outbound-status-menu">
            <Space>
              {t('outbound.changeStatus')}
              <DownOutlined />
            </Space>
          </Button>
        </Dropdown>
      )}
      {order.status === OUTBOUND_ORDER.codeOf('cancelRequested') && can('p11y.orders.manage') && (
        <>
          <Button danger onClick={() => setChange({ kind: 'decision', approve: true })} data-testid="outbound-cancel-approve">
            {t('outbound.approveCancel')}
          </Button>
          <Button onClick={() => setChange({ kind: 'decision', approve: false })} data-testid="outbound-cancel-decline">
            {t('outbound.declineCancel')}
          </Button>
        </>
      )}
      {OUTBOUND_EXCEPTIONS.includes(OUTBOUND_ORDER.stateOf(order.status) as OutboundState) && can('p11y.orders.manage') && (
        <Button onClick={() => setChange({ kind: 'exception' })} data-testid="outbound-assign-exception">
          {t('outbound.assignException')}
        </Button>
      )}
      {order.status === OUTBOUND_ORDER.codeOf('partiallyShipped') && can('p11y.orders.manage') && (
        <Button onClick={() => setFinishing(true)} data-testid="outbound-partial-finish">
          {t('tracking.partialFinish')}
        </Button>
      )}
      {canEdit && !order.deletedAt && (
        <Button
          danger
          icon={<DeleteOutlined />}
          loading={busy}
          onClick={() => confirm(t('outbound.delete'), t('outbound.deleteConfirm', { unid: order.unid }), () => single('delete'), true)}
          data-testid="outbound-delete"
        >
          {t('outbound.delete')}
        </Button>
      )}
      {canEdit && order.deletedAt && (
        <Button icon={<RollbackOutlined />} loading={busy} onClick={() => guarded(() => single('restore'))} data-testid="outbound-restore">
          {t('outbound.restore')}
        </Button>
      )}
      <Button icon={<ReloadOutlined />} aria-label={t('mask.reload')} onClick={() => void load(order.id)} data-testid="outbound-refresh" />
    </Space>
  );

  const problems = order?.addressProblems ?? [];
  return (
    <RecordDrawer
      open={id !== null}
      onClose={onClose}
      width={1040}
      title={order ? <WithDocNo text={t('outbound.detailTitle', { unid: order.unid })} no={order.unid} /> : t('outbound.detail')}
      record={order && detail && { order, detail }}
      testId="outbound-detail"
    >
      {({ order, detail }) => (
        <>
          {order.importantNote && (
            <Alert type="error" showIcon title={order.importantNote} style={{ marginBottom: 12, fontWeight: 600 }} data-testid="outbound-important" />
          )}
          {problems.length > 0 && (
            <Alert
              type="warning"
              showIcon
              style={{ marginBottom: 12 }}
              title={t('outbound.addressProblems')}
              description={addressProblemsText(t, problems)}
              data-testid="outbound-address-problems"
            />
          )}
          <div style={{ marginBottom: 12 }}>{toolbar}</div>
          <OrderFacts order={order} staff={staff} />
          <Tabs
            style={{ marginTop: 12 }}
            items={[
              { key: 'lines', label: t('outbound.linesTab', { count: detail.lines.length }), children: <OutboundLinesTable lines={detail.lines} /> },
              { key: 'history', label: t('outbound.historyTab', { count: detail.history.length }), children: <HistoryTimeline history={detail.history} /> },
              { key: 'tracking', label: t('tracking.tabShort'), children: <OrderTracking orderId={order.id} /> },
              ...(can('p11y.labels.print')
                ? [
                    {
                      key: 'labels',
                      label: t('outbound.labelsTab', { count: order.shipBundle ? order.shipBundle.split('\n').length : 0 }),
                      children: <OrderLabels orderId={order.id} orderNo={order.unid} onChanged={() => changed()} />,
                    },
                  ]
                : []),
            ]}
          />
          {/* Warehouse staff open orders without the tickets privilege: never call what the user may not use. */}
          {can('p11y.tickets.list') && <OrderTickets orderId={order.id} />}
          <StatusDialog
            order={order}
            change={change}
            onClose={() => setChange(null)}
            onDone={(next) => {
              setChange(null);
              notify((n) => n.success(t(change?.kind === 'exception' ? 'outbound.exceptionUpdated' : 'outbound.statusChanged')));
              changed(next);
            }}
          />
          <PartialFinishDialog
            order={finishing ? order : null}
            onClose={() => setFinishing(false)}
            onDone={(next) => {
              setFinishing(false);
              notify((n) => n.success(t('tracking.partialFinished')));
              changed(next);
            }}
          />
          <OutboundOrderForm
            open={editing === order.id && detail.editable}
            detail={detail}
            onClose={() => setEditing(null)}
            onReloaded={setDetail}
            onSaved={() => {
              setEditing(null);
              notify((n) => n.success(t('mask.saved')));
              changed();
            }}
          />
        </>
      )}
    </RecordDrawer>
  );
}
