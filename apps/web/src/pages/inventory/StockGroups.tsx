import type { StockGroup, StockGroupsPage, StockGrouping } from '@kontor/contracts/domains/inventory';
import { Button, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useListQuery } from '../../api/use-list-query.js';
import { ListScaffold } from '../../components/list/ListScaffold.js';
import { useLayout } from '../../layout/store.js';
import { listStock, listStockGroups, type StockRow } from './inventory-api.js';

const PAGE = 50;

const LABEL: Record<StockGrouping, (g: StockGroup) => string> = {
  compartment: (g) => `${g.compartmentCode} · ${g.warehouseCode}`,
  item: (g) => `${g.sku} · ${g.itemName}`,
  batch: (g) => `${g.batch || '—'} · ${g.sku}`,
  merchant: (g) => g.merchantName ?? '',
};

/** The stock-list filters that narrow a group to its own rows. */
function rowsOf(by: StockGrouping, g: StockGroup): Record<string, unknown> {
  if (by === 'compartment') return { compartmentId: g.compartmentId };
  if (by === 'merchant') return { merchantId: g.merchantId };
  // An empty batch cannot be sent as a filter: those rows come first when sorted by batch (kept below).
  if (by === 'batch') return g.batch ? { itemId: g.itemId, batch: g.batch } : { itemId: g.itemId, s: 'batch', d: 'asc' };
  return { itemId: g.itemId };
}

/** The rows of one opened group, a page at a time. */
function GroupRows({ by, group, params, columns }: { by: StockGrouping; group: StockGroup; params: Record<string, unknown>; columns: ColumnsType<StockRow> }) {
  const { t } = useTranslation();
  const [rows, setRows] = useState<StockRow[] | null>(null);
  const [next, setNext] = useState<string | null>(null);
  const load = (o?: string) =>
    listStock({ ...params, ...rowsOf(by, group), l: PAGE, o }).then((page) => {
      const own = by === 'batch' && !group.batch ? page.data.filter((r) => r.batch === '') : page.data;
      setRows((current) => [...(o ? (current ?? []) : []), ...own]);
      setNext(own.length === page.data.length ? page.next : null);
    });
  useEffect(() => {
    void load().catch(() => setRows([]));
    // The rows are read once when the group opens; the group table reloads on any change of filters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <>
      <Table<StockRow>
        rowKey="id"
        size="small"
        loading={!rows}
        columns={columns}
        dataSource={rows ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        data-testid="stock-group-rows"
      />
      {next && (
        <Button type="link" onClick={() => void load(next).catch(() => undefined)}>
          {t('inventory.moreRows')}
        </Button>
      )}
    </>
  );
}

interface Props {
  by: StockGrouping;
  /** The stock-list filters and scope (without paging). */
  params: Record<string, unknown>;
  /** The stock list's view switch and filters, above the table. */
  filterBar: ReactNode;
  rowColumns: ColumnsType<StockRow>;
}

/**
 * The views by compartment, item, batch and merchant on the list scaffold: groups with their sums
 * computed by the server over every matching row (`/v0/stock/groups`), paged by cursor with the spec's
 * page sizes; opening a group lists its rows.
 */
export function StockGroups({ by, params, filterBar, rowColumns }: Props) {
  const { t } = useTranslation();
  const mobile = useLayout((s) => s.device === 'mobile');
  const list = useListQuery<StockGroup>('stock', listStockGroups, { ...params, by }, 'groups');
  // The answer carries the sums over every matching row besides the page's groups.
  const page = list.page as StockGroupsPage | undefined;
  const number = (key: 'quantity' | 'reserved' | 'available', title: string) => ({
    key,
    dataIndex: key,
    title,
    align: 'right' as const,
    width: 90,
    render: (v: number) => <strong>{v}</strong>,
  });
  const columns: ColumnsType<StockGroup> = [
    { key: 'label', title: t(`inventory.views.${by}`), render: (_: unknown, g) => <strong>{LABEL[by](g)}</strong> },
    number('quantity', t('inventory.quantity')),
    number('reserved', t('inventory.locked')),
    number('available', t('inventory.available')),
    { key: 'rows', title: '', width: 110, render: (_: unknown, g: StockGroup) => <Tag>{t('inventory.rowCount', { count: g.rows })}</Tag> },
  ];

  return (
    <ListScaffold<StockGroup>
      id="stock"
      testId="stock-list"
      list={list}
      columns={columns}
      // On a phone the three columns fit and a long label wraps, so the sums stay in view.
      phoneColumns={columns.filter((c) => c.key !== 'reserved' && c.key !== 'rows')}
      filters={filterBar}
      rowKey="key"
      // The rows of a group are read when it opens; another page or a change of stock closes the groups.
      tableKey={page ? JSON.stringify(page.data) : ''}
      expandable={{ expandedRowRender: (g) => <GroupRows by={by} group={g} params={params} columns={rowColumns} /> }}
      rowClassName={() => 'stock-group'}
      // Fixed on a phone, so an opened group's rows scroll inside it instead of widening the page.
      tableLayout={mobile ? 'fixed' : undefined}
      summary={
        page &&
        !list.loading && (
          <Space orientation="vertical" size={0}>
            <Typography.Text type="secondary">
              {t('inventory.groupsOf', { count: page.total, rows: page.sums.rows }) + (page.totalCapped ? '+' : '')}
            </Typography.Text>
            <Typography.Text data-testid="stock-sums">
              {t('inventory.sums', { quantity: page.sums.quantity, reserved: page.sums.reserved, available: page.sums.available })}
            </Typography.Text>
          </Space>
        )
      }
    />
  );
}
