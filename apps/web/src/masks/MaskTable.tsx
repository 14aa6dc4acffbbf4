import type { Mask, MaskAction } from '@kontor/contracts/masks';
import { Button, Space, Table, Typography } from 'antd';
import type { ColumnsType, SorterResult } from 'antd/es/table/interface';
import { useTranslation } from 'react-i18next';
import type { ListState } from './list-state.js';
import type { Row } from './use-mask-rows.js';

/** Rows beyond this page size are rendered virtually, so 1000 rows scroll smoothly. */
const VIRTUAL_FROM = 100;

interface Props {
  mask: Mask;
  columns: ColumnsType<Row>;
  rows: Row[];
  loading: boolean;
  pageSize: number;
  /** Rows can be chosen only when the mask has bulk actions the user may run. */
  bulk: { actions: MaskAction[]; selected: Row[]; onSelect(rows: Row[]): void; onRun(action: MaskAction): void; label(action: MaskAction): string };
  onSort(sort: Pick<ListState, 's' | 'd'>): void;
}

/** The rows of a mask list, sortable by column, with the bar of bulk actions over the rows chosen. */
export function MaskTable({ mask, columns, rows, loading, pageSize, bulk, onSort }: Props) {
  const { t } = useTranslation();
  return (
    <>
      {bulk.selected.length > 0 && bulk.actions.length > 0 && (
        <Space style={{ marginBottom: 8 }} data-testid="mask-bulk">
          <Typography.Text>{t('mask.selected', { count: bulk.selected.length })}</Typography.Text>
          {bulk.actions.map((a) => (
            <Button key={a.id} size="small" danger={a.danger} onClick={() => bulk.onRun(a)} data-testid={`bulk-${a.id}`}>
              {bulk.label(a)}
            </Button>
          ))}
        </Space>
      )}
      <Table<Row>
        rowKey={(row) => String(row[mask.pk])}
        size="small"
        loading={loading}
        columns={columns}
        dataSource={rows}
        pagination={false}
        virtual={pageSize > VIRTUAL_FROM}
        scroll={{ x: 'max-content', y: pageSize > VIRTUAL_FROM ? 640 : undefined }}
        rowSelection={
          bulk.actions.length
            ? { selectedRowKeys: bulk.selected.map((r) => String(r[mask.pk])), onChange: (_keys, chosen) => bulk.onSelect(chosen) }
            : undefined
        }
        onChange={(_p, _f, sorter) => {
          const s = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<Row>;
          onSort({ s: s.order ? String(s.columnKey) : undefined, d: s.order === 'descend' ? 'desc' : s.order === 'ascend' ? 'asc' : undefined });
        }}
        data-testid="mask-table"
      />
    </>
  );
}
