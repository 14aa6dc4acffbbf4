import type { StockGrouping } from '@kontor/contracts/domains/inventory';
import { Input, Segmented, Select, Space, Table, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isAbort } from '../../api/errors.js';
import { useLayout } from '../../layout/store.js';
import { listMerchants, listStock, type StockRow } from './inventory-api.js';
import type { Scope } from './ScanBox.js';
import { useRowColumns, type StockAction } from './stock-columns.js';
import { StockGroups } from './StockGroups.js';
import { useStatusOptions } from '../../components/StatusTag.js';
import { PageButtons } from '../../components/Pager.js';
import { useCursorPages } from '../../components/list/use-cursor-pages.js';

export { ACTION_ICONS, type StockAction } from './stock-columns.js';
type View = 'rows' | StockGrouping;
interface Filters {
  sku?: string;
  compartmentCode?: string;
  batch?: string;
  status?: number[];
  merchantId?: number;
}

const PAGE = 50;

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
  const pages = useCursorPages();
  const { cursor } = pages;
  const [result, setResult] = useState<{ key: string; rows: StockRow[]; next: string | null; total: number } | null>(null);
  const [merchants, setMerchants] = useState<Array<{ id: number; name: string }>>([]);
  // A merchant's session lists only its own merchant: no merchant column, no view by merchant.
  const oneMerchant = merchants.length === 1;
  const rowColumns = useRowColumns({ mobile, oneMerchant, actions, onAction });

  useEffect(() => {
    void listMerchants().then(setMerchants);
  }, []);

  /** The filters and the scan's scope, shared by the rows and the grouped views. */
  const base = useMemo(() => {
    const out: Record<string, unknown> = { ...filters, quantity: '1..' };
    if (scope?.kind === 'compartment') out.compartmentId = scope.id;
    if (scope?.kind === 'item') out.itemId = scope.id;
    if (scope?.kind === 'text') out.q = scope.code;
    return out;
  }, [filters, scope]);
  const params = useMemo(() => ({ ...base, l: PAGE, o: cursor }), [base, cursor]);
  const loadKey = `${JSON.stringify(params)}#${reloads}`;

  useEffect(() => {
    if (view !== 'rows') return;
    const controller = new AbortController();
    listStock(params, controller.signal).then(
      (page) => setResult({ key: loadKey, rows: page.data, next: page.next, total: page.total }),
      (err: unknown) => !isAbort(err) && setResult({ key: loadKey, rows: [], next: null, total: 0 }),
    );
    return () => controller.abort();
  }, [params, loadKey, view]);

  const restart = (next: Partial<Filters>) => {
    setFilters((current) => ({ ...current, ...next }));
    pages.reset();
  };
  const changeView = (v: View) => {
    setView(v);
    pages.reset();
  };
  const viewOptions = (['rows', 'compartment', 'item', 'batch', 'merchant'] as const)
    .filter((v) => !(oneMerchant && v === 'merchant'))
    .map((v) => ({ value: v, label: t(`inventory.views.${v}`) }));
  const loading = result?.key !== loadKey;

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
      {view !== 'rows' ? (
        <StockGroups key={`${view}|${JSON.stringify(base)}`} by={view} params={base} reloads={reloads} mobile={mobile} rowColumns={rowColumns} />
      ) : (
        <>
          <Table<StockRow>
            rowKey="id"
            size="small"
            loading={loading}
            columns={rowColumns}
            dataSource={result?.rows ?? []}
            pagination={false}
            scroll={{ x: 'max-content' }}
            data-testid="stock-table"
          />
          <Space wrap style={{ marginTop: 12, width: '100%', justifyContent: 'space-between' }}>
            <Typography.Text type="secondary" data-testid="stock-total">
              {result && !loading ? t('mask.total', { count: result.total }) : ''}
            </Typography.Text>
            <Space>
              <PageButtons hasPrevious={pages.hasPrevious} onPrevious={pages.previous} hasNext={!!result?.next} onNext={() => pages.next(result!.next!)} />
            </Space>
          </Space>
        </>
      )}
    </div>
  );
}
