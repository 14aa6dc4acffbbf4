import type { StockGrouping } from '@kontor/contracts/domains/inventory';
import { Input, Segmented, Select } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useListQuery } from '../../api/use-list-query.js';
import { ListScaffold } from '../../components/list/ListScaffold.js';
import { useLayout } from '../../layout/store.js';
import { listMerchants, listStock, type StockRow } from './inventory-api.js';
import type { Scope } from './ScanBox.js';
import { useRowColumns, type StockAction } from './stock-columns.js';
import { StockGroups } from './StockGroups.js';
import { useStatusOptions } from '../../components/StatusTag.js';

export { ACTION_ICONS, type StockAction } from './stock-columns.js';
type View = 'rows' | StockGrouping;
interface Filters {
  sku?: string;
  compartmentCode?: string;
  batch?: string;
  status?: number[];
  merchantId?: number;
}

interface Props {
  scope: Scope;
  /** Row actions offered (none for a session without wms.inventory.edit). */
  actions: StockAction[];
  onAction(action: StockAction, row: StockRow): void;
}

/** The stock rows (`/v0/stock/`) with filters, cursor paging and the views by compartment, item, batch and merchant. */
export function StockList({ scope, actions, onAction }: Props) {
  // On a phone the row actions fold into a menu and the views into a select, so the rows stay readable.
  const mobile = useLayout((s) => s.device === 'mobile');
  const [view, setView] = useState<View>('rows');
  const [filters, setFilters] = useState<Filters>({});
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

  const filterBar = <StockFilters view={view} onView={setView} filters={filters} onFilters={setFilters} merchants={merchants} mobile={mobile} />;
  if (view !== 'rows') return <StockGroups by={view} params={base} filterBar={filterBar} rowColumns={rowColumns} />;
  return <StockRows params={base} filterBar={filterBar} columns={rowColumns} />;
}

/** The stock rows themselves, a page at a time. */
function StockRows({ params, filterBar, columns }: { params: Record<string, unknown>; filterBar: ReactNode; columns: ColumnsType<StockRow> }) {
  const list = useListQuery<StockRow>('stock', listStock, params, 'rows');
  return <ListScaffold<StockRow> id="stock" testId="stock-list" list={list} columns={columns} filters={filterBar} />;
}

interface FilterProps {
  view: View;
  onView(view: View): void;
  filters: Filters;
  onFilters(filters: Filters): void;
  merchants: Array<{ id: number; name: string }>;
  mobile: boolean;
}

/** The view switch and the filters by SKU, compartment, batch, status and customer. */
function StockFilters({ view, onView, filters, onFilters, merchants, mobile }: FilterProps) {
  const { t } = useTranslation();
  const statusOptions = useStatusOptions();
  const restart = (next: Partial<Filters>) => onFilters({ ...filters, ...next });
  const viewOptions = (['rows', 'compartment', 'item', 'batch', 'merchant'] as const)
    .filter((v) => !(merchants.length === 1 && v === 'merchant'))
    .map((v) => ({ value: v, label: t(`inventory.views.${v}`) }));
  return (
    <>
      {mobile ? (
        <Select<View> value={view} onChange={onView} options={viewOptions} style={{ width: 160 }} data-testid="stock-view" />
      ) : (
        <Segmented<View> value={view} onChange={onView} options={viewOptions} data-testid="stock-view" />
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
    </>
  );
}
