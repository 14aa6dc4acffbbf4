import { CONTAINER } from '@kontor/contracts/status/inbound';
import { Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { useLayout } from '../../layout/store.js';
import { formatDateTime, na } from '../../lib/format.js';
import { containerApi, type ContainerRow } from './inbound-api.js';
import { StatusFilter } from '../../components/list/filters.js';
import { ListScaffold } from '../../components/list/ListScaffold.js';
import { StateTag, useStateOptions } from '../../components/StateTag.js';
import { useListQuery } from '../../api/use-list-query.js';
import { DocNo } from '../../components/DocNo.js';

export interface ContainerFilters {
  q?: string;
  status?: number[];
}

interface Props {
  filters: ContainerFilters;
  onFilters(filters: ContainerFilters): void;
  onOpen(row: ContainerRow): void;
  /** Warehouse codes by id (the container rows carry the id only). */
  warehouseCode(id: number): string;
}

/** Container orders (`GET /v0/c7rorders/`), newest first, status tags coloured from the status table. */
export function ContainerList({ filters, onFilters, onOpen, warehouseCode }: Props) {
  const { t } = useTranslation();
  const mobile = useLayout((s) => s.device === 'mobile');
  const statusOptions = useStateOptions(CONTAINER);
  const list = useListQuery('containers', containerApi.list, filters as Record<string, unknown>);
  const number = (row: ContainerRow) => (
    <Typography.Link strong onClick={() => onOpen(row)} data-testid="container-open">
      <DocNo>{row.number}</DocNo>
    </Typography.Link>
  );
  const full: ColumnsType<ContainerRow> = [
    { key: 'number', title: t('inbound.containerNumber'), width: 150, fixed: 'left', render: (_: unknown, row) => number(row) },
    { key: 'status', title: t('inbound.status'), width: 120, render: (_: unknown, row) => <StateTag machine={CONTAINER} code={row.status} /> },
    { key: 'unid', dataIndex: 'unid', title: t('inbound.orderNumber'), width: 160 },
    { key: 'size', dataIndex: 'size', title: t('inbound.size'), width: 140, render: (v: string) => t(`inbound.sizes.${v}`, { defaultValue: v }) },
    { key: 'warehouse', title: t('inbound.warehouse'), width: 90, render: (_: unknown, row) => warehouseCode(row.warehouseId) },
    { key: 'carrier', dataIndex: 'carrier', title: t('inbound.shippingLine'), width: 160, ellipsis: true, render: (v: string) => v || na() },
    { key: 'eta', dataIndex: 'eta', title: t('inbound.eta'), width: 110, render: (v: string | null) => v?.slice(0, 10) ?? na() },
    { key: 'arrivedAt', dataIndex: 'arrivedAt', title: t('inbound.arrivedAt'), width: 160, render: (v: string | null) => formatDateTime(v) },
    { key: 'unloadedAt', dataIndex: 'unloadedAt', title: t('inbound.unloadedAt'), width: 160, render: (v: string | null) => formatDateTime(v) },
  ];
  const line: ColumnsType<ContainerRow>[number] = {
    key: 'line',
    title: t('inbound.containerNumber'),
    render: (_: unknown, row) => (
      <div style={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 2 }}>
        {number(row)}
        <Typography.Text type="secondary">
          {[t(`inbound.sizes.${row.size}`, { defaultValue: row.size }), row.eta?.slice(0, 10)].filter(Boolean).join(' · ')}
        </Typography.Text>
      </div>
    ),
  };
  const columns = mobile ? [line, full[1]!] : full;

  return (
    <ListScaffold
      id="container"
      testId="container-list"
      list={list}
      columns={columns}
      search={{ placeholder: t('inbound.containerSearchList'), onSearch: (q) => onFilters({ ...filters, q }) }}
      filters={
        <StatusFilter
          placeholder={t('inbound.status')}
          value={filters.status}
          onChange={(status) => onFilters({ ...filters, status })}
          options={statusOptions}
          testId="container-filter-status"
        />
      }
    />
  );
}
