import { INBOUND_ORDER } from '@kontor/contracts/status/inbound';
import { Space, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { formatDateTime, na } from '../../lib/format.js';
import { countingStarted, Difference } from './DetailTables.js';
import { inboundApi, type InboundOrderRow } from './inbound-api.js';
import { useMerchants } from '../../api/lookups.js';
import { MerchantFilter, StatusFilter } from '../../components/list/filters.js';
import { ListScaffold } from '../../components/list/ListScaffold.js';
import { phoneLine } from '../../components/list/phone-line.js';
import { StateTag, useStateOptions } from '../../components/StateTag.js';
import { useListQuery } from '../../api/use-list-query.js';
import { DocNo } from '../../components/DocNo.js';

/** Inside a container's view its warehouse and number go without saying; the creation date gives way to the difference. */
const BARE_HIDDEN = ['warehouseCode', 'containerNumber', 'createdAt'];

export interface InboundFilters {
  q?: string;
  status?: number[];
  merchantId?: number;
  containerId?: number;
  /** The expected delivery day (`YYYY-MM-DD`): inbound orders due today, from the home page. */
  expectedDate?: string;
}

interface Props {
  filters: InboundFilters;
  onFilters?: (filters: InboundFilters) => void;
  onOpen(id: number): void;
  /** Without the filter bar (the orders a container carries). */
  bare?: boolean;
}

/** Inbound orders (`GET /v0/r7gorders/`), newest first, with status tags coloured from the status table. */
export function InboundOrderList({ filters, onFilters, onOpen, bare }: Props) {
  const { t } = useTranslation();
  const statusOptions = useStateOptions(INBOUND_ORDER);
  const merchants = useMerchants();
  // A merchant's session knows only its own merchant: no merchant column or filter.
  const oneMerchant = merchants.length <= 1;
  const list = useListQuery('inbound-orders', inboundApi.list, filters as Record<string, unknown>);

  const number = (row: InboundOrderRow) => (
    <Typography.Link strong onClick={() => onOpen(row.id)} data-testid="inbound-open">
      <DocNo>{row.unid}</DocNo>
    </Typography.Link>
  );
  // Sized to fit 1440 px beside the menu without scrolling; damaged and put-away units are in the detail.
  const full: ColumnsType<InboundOrderRow> = [
    { key: 'unid', title: t('inbound.number'), width: 160, fixed: 'left', render: (_: unknown, row) => number(row) },
    { key: 'status', title: t('inbound.status'), width: 140, render: (_: unknown, row) => <StateTag machine={INBOUND_ORDER} code={row.status} /> },
    { key: 'merchantName', dataIndex: 'merchantName', title: t('inbound.merchant'), width: 150, ellipsis: true },
    { key: 'warehouseCode', dataIndex: 'warehouseCode', title: t('inbound.warehouse'), width: 80 },
    { key: 'reference', dataIndex: 'reference', title: t('inbound.reference'), width: 120, ellipsis: true, render: (v: string) => v || na() },
    { key: 'expectedDate', dataIndex: 'expectedDate', title: t('inbound.expectedDate'), width: 100, render: (v: string | null) => v?.slice(0, 10) ?? na() },
    { key: 'containerNumber', dataIndex: 'containerNumber', title: t('inbound.container'), width: 110, render: (v: string | null) => v || na() },
    {
      key: 'units',
      title: t('inbound.receivedOfPlanned'),
      align: 'right',
      width: 110,
      render: (_: unknown, row) => `${row.receivedUnits + row.damagedUnits} / ${row.plannedUnits}`,
    },
    {
      key: 'difference',
      title: t('inbound.difference'),
      align: 'right',
      width: 110,
      render: (_: unknown, row) => <Difference value={row.difference} counting={countingStarted(row.status)} />,
    },
    {
      key: 'createdAt',
      dataIndex: 'createdAt',
      title: t('inbound.created'),
      width: 100,
      render: (v: string) => <span title={formatDateTime(v)}>{formatDateTime(v).slice(0, 10)}</span>,
    },
  ];
  // On a phone one column names the order, so status and difference stay in view.
  const line = phoneLine<InboundOrderRow>(t('inbound.number'), (row) => (
    <>
      {number(row)}
      <Typography.Text type="secondary">
        {[oneMerchant ? '' : row.merchantName, row.reference].filter(Boolean).join(' · ') || row.warehouseCode}
      </Typography.Text>
      <Space size={8} wrap>
        <StateTag machine={INBOUND_ORDER} code={row.status} />
        <Typography.Text type="secondary">{`${row.receivedUnits + row.damagedUnits} / ${row.plannedUnits}`}</Typography.Text>
      </Space>
    </>
  ));
  const columns = full.filter((c) => !(oneMerchant && c.key === 'merchantName') && !(bare && BARE_HIDDEN.includes(String(c.key))));

  const set = (patch: InboundFilters) => onFilters?.({ ...filters, ...patch });
  return (
    <ListScaffold
      id="inbound"
      testId="inbound-list"
      list={list}
      columns={columns}
      phoneColumns={[line, ...full.filter((c) => c.key === 'difference')]}
      bare={bare}
      search={{ placeholder: t('inbound.search'), onSearch: (q) => set({ q }) }}
      filters={
        <>
          <StatusFilter
            placeholder={t('inbound.status')}
            value={filters.status}
            onChange={(status) => set({ status })}
            options={statusOptions}
            testId="inbound-filter-status"
          />
          {!oneMerchant && (
            <MerchantFilter
              placeholder={t('inbound.merchant')}
              value={filters.merchantId}
              onChange={(merchantId) => set({ merchantId })}
              merchants={merchants}
              testId="inbound-filter-merchant"
            />
          )}
        </>
      }
    />
  );
}
