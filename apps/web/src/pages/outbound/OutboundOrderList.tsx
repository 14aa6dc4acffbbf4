import { CARRIERS, PRIORITY_CODES } from '@kontor/contracts/domains/outbound';
import { OUTBOUND_ORDER } from '@kontor/contracts/status/outbound';
import { Button, DatePicker, Select, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLayout } from '../../layout/store.js';
import { formatDateTime, na } from '../../lib/format.js';
import { useMerchants } from '../../api/lookups.js';
import { MerchantFilter, StatusFilter } from '../../components/list/filters.js';
import { ListScaffold } from '../../components/list/ListScaffold.js';
import { phoneLine } from '../../components/list/phone-line.js';
import { StateTag, useStateOptions } from '../../components/StateTag.js';
import { useListQuery } from '../../api/use-list-query.js';
import { BulkActions, useBulkActions } from './BulkActions.js';
import { outboundApi, type OutboundOrderRow, type OutboundView } from './outbound-api.js';
import { PriorityTag } from './PriorityTag.js';
import { StatusChips } from './StatusChips.js';
import { DocNo } from '../../components/DocNo.js';
import { useCan } from '../../masks/can.js';
import { CARRIER_ERROR_CODES, type CarrierErrorKindName } from '@kontor/contracts/domains/carriers';
import { CarrierLabelLine, carrierLabelColumns, usePageLabels } from './CarrierLabelCells.js';
import { CorrectAndRetry } from './CorrectAndRetry.js';
import { LabelRetryButton, useReasonText } from './LabelQueueActions.js';
import { latestOf, trackingColour, trackingKindKey } from '../../components/tracking/tracking-view.js';

export interface OutboundFilters {
  q?: string;
  status?: number[];
  carrier?: string;
  merchantId?: number;
  priority?: number;
  /** `FROM..TO`: the start of the first day and the end of the last, in the browser's time zone. */
  createdAt?: string;
  /** Requested ship date, `FROM..TO` (either side may be empty): the late orders of the home page. */
  rsd?: string;
}

interface Props {
  view: OutboundView;
  filters: OutboundFilters;
  onFilters(filters: OutboundFilters): void;
  /** A bulk action changed orders: the page reloads what it shows. */
  onChanged(): void;
  onOpen(id: number): void;
}

const tracking = (row: OutboundOrderRow) => (row.shipBundle ?? '').split('\n').filter(Boolean);
/** The lists of one carrier's orders (issue 17 item 10): they show the labels instead of the carrier text. */
const CARRIER_VIEWS: OutboundView[] = ['dhl', 'dpd', 'ups'];

/** An outbound list (issue 7 §4): search, filters, status chips with live counts, keyset pages and bulk actions. */
export function OutboundOrderList({ view, filters, onFilters, onChanged, onOpen }: Props) {
  const { t, i18n } = useTranslation();
  const can = useCan();
  const reasonText = useReasonText();
  const mobile = useLayout((s) => s.device === 'mobile');
  const queue = view === 'transportLabelAwaits';
  const inTransit = view === 'inTransit';
  const carrierView = CARRIER_VIEWS.includes(view);
  const canRetry = queue && can('p11y.labels.manage');
  const canCorrect = canRetry && can('p11y.orders.edit');
  const [correcting, setCorrecting] = useState<OutboundOrderRow | null>(null);
  const statusOptions = useStateOptions(OUTBOUND_ORDER);
  const merchants = useMerchants();
  const oneMerchant = merchants.length <= 1;
  const bulkActions = useBulkActions(view);
  const list = useListQuery(
    'outbound-orders',
    useMemo(() => outboundApi.list(view), [view]),
    filters as Record<string, unknown>,
    view,
  );
  const labels = usePageLabels(list.rows, carrierView);
  const [selected, setSelected] = useState<OutboundOrderRow[]>([]);
  // Rows chosen on another page or before a reload are no longer in view: only the shown ones count.
  const shownSelected = selected.filter((s) => list.rows.some((r) => r.id === s.id));
  const { status, ...countFilters } = filters;

  const number = (row: OutboundOrderRow) => (
    <div style={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 2 }}>
      <Space size={4} wrap>
        <Typography.Link strong onClick={() => onOpen(row.id)} data-testid="outbound-open">
          <DocNo>{row.unid}</DocNo>
        </Typography.Link>
        <PriorityTag priority={row.priority} />
      </Space>
      {row.importantNote && (
        <Typography.Text type="danger" strong style={{ maxWidth: 220 }} ellipsis={{ tooltip: row.importantNote }} data-testid="outbound-row-important">
          {row.importantNote}
        </Typography.Text>
      )}
    </div>
  );
  const consignee = (row: OutboundOrderRow) => [row.consigneeName, row.consigneeCountry].filter(Boolean).join(' · ') || na();
  /** The label queue's reason in the user's language, with the carrier's own words, and the correction. */
  const reason = (row: OutboundOrderRow) => (
    <div style={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 4 }}>
      <Typography.Text type="danger" style={{ maxWidth: 320 }} data-testid="label-queue-reason">
        {reasonText(row.labelErrorKind ? CARRIER_ERROR_CODES[row.labelErrorKind as CarrierErrorKindName] : null, row.labelErrorText) || na()}
      </Typography.Text>
      {canCorrect && (
        <Button size="small" onClick={() => setCorrecting(row)} data-testid={`label-queue-correct-${row.id}`}>
          {t('carriers.queue.correct')}
        </Button>
      )}
    </div>
  );
  /** The latest carrier event of an order on its way (the in-transit list, issue 19 item 5). */
  const lastEvent = (row: OutboundOrderRow) => {
    const latest = latestOf(row.trackingKind);
    if (!latest) return na();
    return (
      <div style={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 2 }} data-testid="outbound-last-event">
        <Tag color={trackingColour(latest)}>{t(trackingKindKey(latest))}</Tag>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {[row.trackingText, row.trackingAt ? formatDateTime(row.trackingAt) : ''].filter(Boolean).join(' · ')}
        </Typography.Text>
      </div>
    );
  };
  const full: ColumnsType<OutboundOrderRow> = [
    { key: 'unid', title: t('outbound.number'), width: 170, fixed: 'left', render: (_: unknown, row) => number(row) },
    { key: 'status', title: t('outbound.status'), width: 150, render: (_: unknown, row) => <StateTag machine={OUTBOUND_ORDER} code={row.status} /> },
    ...(inTransit ? [{ key: 'lastEvent', title: t('tracking.lastEvent'), width: 220, render: (_: unknown, row: OutboundOrderRow) => lastEvent(row) }] : []),
    ...(queue ? [{ key: 'labelReason', title: t('carriers.queue.reason'), width: 280, render: (_: unknown, row: OutboundOrderRow) => reason(row) }] : []),
    ...(carrierView ? carrierLabelColumns(t, i18n.language, labels, can('p11y.labels.print')) : []),
    { key: 'merchantName', dataIndex: 'merchantName', title: t('outbound.merchant'), width: 140, ellipsis: true },
    { key: 'refOrderId', dataIndex: 'refOrderId', title: t('outbound.refOrderId'), width: 130, ellipsis: true, render: (v: string) => v || na() },
    { key: 'consignee', title: t('outbound.consignee'), width: 170, ellipsis: true, render: (_: unknown, row) => consignee(row) },
    { key: 'typeOfTask', dataIndex: 'typeOfTask', title: t('outbound.typeOfTask'), width: 80 },
    {
      key: 'carrier',
      title: t('outbound.carrierTracking'),
      width: 170,
      render: (_: unknown, row) => (
        <div style={{ display: 'flex', flexDirection: 'column' }}>
          <span>{row.carrier || na()}</span>
          {tracking(row).length > 0 && (
            <Typography.Text type="secondary" copyable={{ text: tracking(row).join('\n') }} style={{ fontSize: 12 }}>
              {tracking(row)[0]}
              {tracking(row).length > 1 ? ` +${tracking(row).length - 1}` : ''}
            </Typography.Text>
          )}
        </div>
      ),
    },
    {
      key: 'units',
      title: t('outbound.reservedOfUnits'),
      align: 'right',
      width: 100,
      render: (_: unknown, row) => `${row.reservedUnits} / ${row.totalUnits}`,
    },
    { key: 'pickupDate', dataIndex: 'pickupDate', title: t('outbound.pickupDate'), width: 100, render: (v: string | null) => v?.slice(0, 10) ?? na() },
    {
      key: 'createdAt',
      dataIndex: 'createdAt',
      title: t('outbound.created'),
      width: 100,
      render: (v: string) => <span title={formatDateTime(v)}>{formatDateTime(v).slice(0, 10)}</span>,
    },
  ];
  // On a phone one column tells the order, its status and whom it goes to.
  const line = phoneLine<OutboundOrderRow>(t('outbound.number'), (row) => (
    <>
      {number(row)}
      <Typography.Text type="secondary">{[oneMerchant ? '' : row.merchantName, row.refOrderId, consignee(row)].filter(Boolean).join(' · ')}</Typography.Text>
      <Space size={8} wrap>
        <StateTag machine={OUTBOUND_ORDER} code={row.status} />
        <Typography.Text type="secondary">{row.carrier}</Typography.Text>
      </Space>
      {queue && reason(row)}
      {inTransit && row.trackingKind && lastEvent(row)}
      {carrierView && <CarrierLabelLine row={row} summary={labels.get(row.id)} />}
    </>
  ));
  // A carrier list shows the labels' tracking instead of the carrier text it is filtered by.
  const columns = full.filter((c) => !(oneMerchant && c.key === 'merchantName') && !(carrierView && c.key === 'carrier'));

  const set = (patch: OutboundFilters) => onFilters({ ...filters, ...patch });
  const [from, to] = filters.createdAt?.split('..') ?? [];
  return (
    <ListScaffold
      id="outbound"
      testId="outbound-list"
      list={list}
      columns={columns}
      phoneColumns={[line]}
      search={{ placeholder: t('outbound.search'), width: 300, mobileWidth: 220, onSearch: (q) => set({ q }) }}
      filters={
        <>
          <StatusFilter
            placeholder={t('outbound.status')}
            style={{ minWidth: 180, maxWidth: 320 }}
            value={status}
            onChange={(s) => set({ status: s })}
            options={statusOptions}
            searchable
            testId="outbound-filter-status"
          />
          {!['dhl', 'dpd', 'ups'].includes(view) && (
            <Select
              allowClear
              placeholder={t('outbound.carrier')}
              style={{ minWidth: 120 }}
              value={filters.carrier}
              onChange={(v?: string) => set({ carrier: v })}
              options={CARRIERS.map((c) => ({ value: c, label: c }))}
              data-testid="outbound-filter-carrier"
            />
          )}
          {!oneMerchant && (
            <MerchantFilter
              placeholder={t('outbound.merchant')}
              value={filters.merchantId}
              onChange={(merchantId) => set({ merchantId })}
              merchants={merchants}
              testId="outbound-filter-merchant"
            />
          )}
          <Select
            allowClear
            placeholder={t('outbound.priority')}
            style={{ minWidth: 120 }}
            value={filters.priority}
            onChange={(v?: number) => set({ priority: v })}
            options={Object.entries(PRIORITY_CODES).map(([name, code]) => ({ value: code, label: t(`outbound.priorities.${name}`) }))}
            data-testid="outbound-filter-priority"
          />
          <DatePicker.RangePicker
            allowEmpty={[true, true]}
            placeholder={[t('outbound.createdFrom'), t('outbound.createdTo')]}
            value={[from ? dayjs(from) : null, to ? dayjs(to) : null]}
            onChange={(range) => {
              const [a, b] = range ?? [];
              set({ createdAt: a || b ? `${a?.startOf('day').toISOString() ?? ''}..${b?.endOf('day').toISOString() ?? ''}` : undefined });
            }}
            style={{ width: mobile ? 240 : 260 }}
            data-testid="outbound-filter-created"
          />
        </>
      }
      aboveTable={
        <>
          <StatusChips view={view} filters={countFilters} selected={status ?? []} onSelect={(s) => set({ status: s.length ? s : undefined })} />
          <div style={{ marginBottom: 8, display: 'flex', flexWrap: 'wrap', gap: 8 }}>
            {canRetry && (
              <LabelRetryButton
                selected={shownSelected}
                onDone={() => {
                  setSelected([]);
                  onChanged();
                }}
              />
            )}
            <BulkActions
              view={view}
              selected={shownSelected}
              filters={filters as Record<string, unknown>}
              onDone={() => {
                setSelected([]);
                onChanged();
              }}
            />
          </div>
        </>
      }
      rowSelection={
        bulkActions.length || canRetry
          ? { selectedRowKeys: shownSelected.map((r) => r.id), onChange: (_keys, rows) => setSelected(rows), columnWidth: 36, fixed: true }
          : undefined
      }
    >
      <CorrectAndRetry order={correcting} onClose={() => setCorrecting(null)} onChanged={onChanged} />
    </ListScaffold>
  );
}
