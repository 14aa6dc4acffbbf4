import { MoreOutlined, PlusCircleOutlined, SwapOutlined, TagOutlined } from '@ant-design/icons';
import { STOCK_STATUS } from '@kontor/contracts/domains/inventory';
import { Button, Dropdown, Input, Segmented, Select, Space, Table, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isAbort } from '../../api/errors.js';
import { useLayout } from '../../layout/store.js';
import { formatDateTime } from '../../lib/format.js';
import { listMerchants, listStock, type StockRow } from './inventory-api.js';
import type { Scope } from './ScanBox.js';
import { StatusTag, useStatusOptions } from './StatusTag.js';

export type StockAction = 'adjust' | 'move' | 'status';
export const ACTION_ICONS: Record<StockAction, React.ReactNode> = { adjust: <PlusCircleOutlined />, move: <SwapOutlined />, status: <TagOutlined /> };
type View = 'rows' | 'compartment' | 'item' | 'batch' | 'merchant';
interface Filters {
  sku?: string;
  compartmentCode?: string;
  batch?: string;
  status?: number[];
  merchantId?: number;
}
/** A group of rows in the views by compartment, item, batch or merchant, with its sums. */
interface Group {
  key: string;
  label: string;
  quantity: number;
  reserved: number;
  available: number;
  children: StockRow[];
}

const PAGE = 50;
/** Grouped views read this many rows at once and sum them on the client (facts §3.10). */
const GROUPED = 1000;
const GROUPING: Record<Exclude<View, 'rows'>, { sort?: string; key: (r: StockRow) => string; label: (r: StockRow) => string }> = {
  compartment: { sort: 'compartmentCode', key: (r) => String(r.compartmentId), label: (r) => `${r.compartmentCode} · ${r.warehouseCode}` },
  item: { sort: 'sku', key: (r) => String(r.itemId), label: (r) => `${r.sku} · ${r.itemName}` },
  batch: { sort: 'batch', key: (r) => `${r.itemId}|${r.batch}`, label: (r) => `${r.batch || '—'} · ${r.sku}` },
  merchant: { key: (r) => String(r.merchantId), label: (r) => r.merchantName },
};

function groupRows(rows: StockRow[], view: Exclude<View, 'rows'>): Group[] {
  const groups = new Map<string, Group>();
  for (const row of rows) {
    const key = GROUPING[view].key(row);
    const group = groups.get(key) ?? { key: `g:${key}`, label: GROUPING[view].label(row), quantity: 0, reserved: 0, available: 0, children: [] };
    group.quantity += row.quantity;
    group.reserved += row.reserved;
    group.available += row.available;
    group.children.push(row);
    groups.set(key, group);
  }
  return [...groups.values()];
}

interface Props {
  scope: Scope;
  reloads: number;
  /** Row actions offered (none for a session without wms.inventory.edit). */
  actions: StockAction[];
  onAction(action: StockAction, row: StockRow): void;
}

/** The stock rows (`/v0/stock/`) with filters, cursor paging and the views by compartment, item, batch and merchant. */
export function StockList({ scope, reloads, actions, onAction }: Props) {
  const { t } = useTranslation();
  const statusOptions = useStatusOptions();
  // On a phone the row actions fold into a menu and the views into a select, so the rows stay readable.
  const mobile = useLayout((s) => s.device === 'mobile');
  const [view, setView] = useState<View>('rows');
  const [filters, setFilters] = useState<Filters>({});
  const [cursors, setCursors] = useState<string[]>([]);
  const [cursor, setCursor] = useState<string | undefined>();
  const [result, setResult] = useState<{ key: string; rows: StockRow[]; next: string | null; total: number } | null>(null);
  const [merchants, setMerchants] = useState<Array<{ id: number; name: string }>>([]);

  useEffect(() => {
    void listMerchants().then(setMerchants);
  }, []);

  const params = useMemo(() => {
    const grouped = view !== 'rows';
    const base: Record<string, unknown> = { ...filters, l: grouped ? GROUPED : PAGE, o: grouped ? undefined : cursor, quantity: '1..' };
    if (grouped && GROUPING[view].sort) Object.assign(base, { s: GROUPING[view].sort, d: 'asc' });
    if (scope?.kind === 'compartment') base.compartmentId = scope.id;
    if (scope?.kind === 'item') base.itemId = scope.id;
    if (scope?.kind === 'text') base.q = scope.code;
    return base;
  }, [filters, view, cursor, scope]);
  const loadKey = `${JSON.stringify(params)}#${reloads}`;

  useEffect(() => {
    const controller = new AbortController();
    listStock(params, controller.signal).then(
      (page) => setResult({ key: loadKey, rows: page.data, next: page.next, total: page.total }),
      (err: unknown) => !isAbort(err) && setResult({ key: loadKey, rows: [], next: null, total: 0 }),
    );
    return () => controller.abort();
  }, [params, loadKey]);

  const restart = (next: Partial<Filters>) => {
    setFilters((current) => ({ ...current, ...next }));
    setCursors([]);
    setCursor(undefined);
  };

  const number = (key: 'quantity' | 'reserved' | 'available') => ({
    key,
    dataIndex: key,
    align: 'right' as const,
    width: 90,
    render: (v: number, row: StockRow | Group) => ('children' in row ? <strong>{v}</strong> : v),
  });
  // A group row's label spans the columns that describe one row (compartment to status).
  const span = (first: boolean) => (row: StockRow | Group) => ('children' in row ? { colSpan: first ? 5 : 0 } : {});
  const full: ColumnsType<StockRow | Group> = [
    {
      key: 'compartmentCode',
      title: t('inventory.compartment'),
      width: 110,
      onCell: span(true),
      render: (_: unknown, row) => ('children' in row ? <strong>{row.label}</strong> : row.compartmentCode),
    },
    { key: 'sku', title: t('inventory.sku'), width: 120, onCell: span(false), render: (_: unknown, row) => ('children' in row ? null : row.sku) },
    {
      key: 'itemName',
      title: t('inventory.itemName'),
      width: 180,
      ellipsis: true,
      onCell: span(false),
      render: (_: unknown, row) => ('children' in row ? null : row.itemName),
    },
    { key: 'batch', title: t('inventory.batch'), width: 90, onCell: span(false), render: (_: unknown, row) => ('children' in row ? null : row.batch || 'N/A') },
    {
      key: 'status',
      title: t('inventory.status'),
      width: 110,
      onCell: span(false),
      render: (_: unknown, row) => ('children' in row ? null : <StatusTag status={row.status} />),
    },
    { ...number('quantity'), title: t('inventory.quantity') },
    { ...number('reserved'), title: t('inventory.locked') },
    { ...number('available'), title: t('inventory.available') },
    {
      key: 'merchantName',
      title: t('inventory.customer'),
      width: 160,
      ellipsis: true,
      render: (_: unknown, row) => ('children' in row ? <Tag>{t('inventory.rowCount', { count: row.children.length })}</Tag> : row.merchantName),
    },
    { key: 'warehouseCode', title: t('inventory.warehouse'), width: 80, render: (_: unknown, row) => ('children' in row ? null : row.warehouseCode) },
    { key: 'updatedAt', title: t('inventory.updated'), width: 150, render: (_: unknown, row) => ('children' in row ? null : formatDateTime(row.updatedAt)) },
  ];
  // A merchant's session lists only its own merchant: no merchant column, no view by merchant.
  const oneMerchant = merchants.length === 1;
  // On a phone one column names the row, so the quantities stay in view.
  const line: ColumnsType<StockRow | Group>[number] = {
    key: 'line',
    title: t('inventory.itemName'),
    render: (_: unknown, row) =>
      'children' in row ? (
        <strong>{row.label}</strong>
      ) : (
        <div style={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start' }}>
          <strong>{row.sku}</strong>
          <Typography.Text type="secondary">
            {row.compartmentCode} · {row.batch || 'N/A'}
          </Typography.Text>
          {row.status !== STOCK_STATUS.valid && <StatusTag status={row.status} />}
        </div>
      ),
  };
  const columns = mobile
    ? [line, ...full.filter((c) => c.key === 'quantity' || c.key === 'available')]
    : full.filter((c) => !(oneMerchant && c.key === 'merchantName'));
  if (actions.length)
    columns.push({
      key: '_actions',
      title: t('mask.actions'),
      fixed: mobile ? undefined : 'right',
      width: mobile ? 48 : 120,
      render: (_: unknown, row) =>
        'children' in row ? null : mobile ? (
          <Dropdown
            trigger={['click']}
            menu={{ items: actions.map((action) => ({ key: action, label: t(`inventory.actions.${action}`), onClick: () => onAction(action, row) })) }}
          >
            <Button type="link" size="small" icon={<MoreOutlined />} aria-label={t('mask.actions')} data-testid="row-actions" />
          </Dropdown>
        ) : (
          <Space size={0}>
            {actions.map((action) => (
              <Tooltip key={action} title={t(`inventory.actions.${action}`)}>
                <Button
                  type="link"
                  size="small"
                  icon={ACTION_ICONS[action]}
                  aria-label={t(`inventory.actions.${action}`)}
                  onClick={() => onAction(action, row)}
                  data-testid={`row-${action}`}
                />
              </Tooltip>
            ))}
          </Space>
        ),
    });

  const changeView = (v: View) => {
    setView(v);
    setCursors([]);
    setCursor(undefined);
  };
  const viewOptions = (['rows', 'compartment', 'item', 'batch', 'merchant'] as const)
    .filter((v) => !(oneMerchant && v === 'merchant'))
    .map((v) => ({ value: v, label: t(`inventory.views.${v}`) }));
  const loading = result?.key !== loadKey;
  const rows = result?.rows ?? [];
  const grouped = view === 'rows' ? null : groupRows(rows, view);

  return (
    <div data-testid="stock-list">
      <Space wrap size={[8, 8]} style={{ marginBottom: 12 }}>
        {mobile ? (
          <Select<View> value={view} onChange={changeView} options={viewOptions} style={{ width: 160 }} data-testid="stock-view" />
        ) : (
          <Segmented<View> value={view} onChange={changeView} options={viewOptions} data-testid="stock-view" />
        )}
        {(['sku', 'compartmentCode', 'batch'] as const).map((key) => (
          <Input
            key={key}
            allowClear
            placeholder={t(`inventory.${key === 'compartmentCode' ? 'compartment' : key}`)}
            style={{ width: mobile ? 108 : 140 }}
            onPressEnter={(e) => restart({ [key]: (e.target as HTMLInputElement).value.trim() || undefined })}
            onChange={(e) => !e.target.value && filters[key] && restart({ [key]: undefined })}
            data-testid={`stock-filter-${key}`}
          />
        ))}
        <Select
          mode="multiple"
          allowClear
          maxTagCount="responsive"
          placeholder={t('inventory.status')}
          style={{ minWidth: 150 }}
          value={filters.status ?? []}
          onChange={(v: number[]) => restart({ status: v.length ? v : undefined })}
          options={statusOptions}
          data-testid="stock-filter-status"
        />
        {merchants.length > 1 && (
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('inventory.customer')}
            style={{ minWidth: 200 }}
            value={filters.merchantId}
            onChange={(v?: number) => restart({ merchantId: v })}
            options={merchants.map((m) => ({ value: m.id, label: m.name }))}
            data-testid="stock-filter-merchant"
          />
        )}
      </Space>
      <Table<StockRow | Group>
        rowKey={(row) => ('children' in row ? row.key : String(row.id))}
        size="small"
        loading={loading}
        columns={columns}
        dataSource={grouped ?? rows}
        expandable={grouped ? { defaultExpandAllRows: false } : undefined}
        rowClassName={(row) => ('children' in row ? 'stock-group' : '')}
        pagination={false}
        scroll={{ x: 'max-content' }}
        data-testid="stock-table"
      />
      <Space wrap style={{ marginTop: 12, width: '100%', justifyContent: 'space-between' }}>
        <Typography.Text type="secondary" data-testid="stock-total">
          {result && !loading
            ? grouped
              ? t('inventory.groupsOf', { count: grouped.length, rows: rows.length }) +
                (result.next ? ` · ${t('inventory.groupsCapped', { count: GROUPED })}` : '')
              : t('mask.total', { count: result.total })
            : ''}
        </Typography.Text>
        {!grouped && (
          <Space>
            <Button
              disabled={!cursor}
              onClick={() => {
                setCursor(cursors.at(-1) || undefined);
                setCursors(cursors.slice(0, -1));
              }}
            >
              {t('mask.previous')}
            </Button>
            <Button
              disabled={!result?.next}
              onClick={() => {
                setCursors([...cursors, cursor ?? '']);
                setCursor(result!.next!);
              }}
            >
              {t('mask.next')}
            </Button>
          </Space>
        )}
      </Space>
    </div>
  );
}
