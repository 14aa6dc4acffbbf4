import { toLocale } from '@kontor/contracts';
import type { Mask, MaskAction } from '@kontor/contracts/masks';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useLayout } from '../layout/store.js';
import { notify } from '../notify/queue.js';
import { useCan } from './can.js';
import { columnsFor } from './derive.js';
import { readListState, withChange, writeListState, type ListState } from './list-state.js';
import { maskColumns } from './mask-columns.js';
import { MaskDetailDrawer } from './MaskDetailDrawer.js';
import { MaskForm } from './MaskForm.js';
import { MaskPager } from './MaskPager.js';
import { MaskTable } from './MaskTable.js';
import { MaskToolbar } from './MaskToolbar.js';
import { useHiddenColumns } from '../components/list/column-chooser.js';
import { useMaskActions } from './use-mask-actions.js';
import { useMaskRows, type Row } from './use-mask-rows.js';
import { useLookupLabels } from './useLookupLabels.js';

/**
 * A list mask as a screen (issue 4 §3): search, filters, sortable columns, column chooser, page sizes,
 * cursor paging, row and bulk actions with confirmation, export of the current filter, and the
 * create/edit form and detail view, all derived from the definition. The state lives in the URL.
 */
export interface MaskListOptions {
  /** Only these columns, in this order (the spreadsheet viewer's `fields`). */
  fields?: string[];
  /** A dense read-only grid: no forms, no row actions. */
  grid?: boolean;
  /** Query parameters that belong to the page, kept when the list state changes (`mask`, `fields`). */
  keep?: string[];
}

export function MaskList({ mask, fields, grid, keep = [] }: { mask: Mask } & MaskListOptions) {
  const { t, i18n } = useTranslation();
  const locale = toLocale(i18n.language);
  const can = useCan();
  const { state, go, change, cursors, setCursors, selected, setSelected } = useAddressListState(keep);
  const { data, loading } = useMaskRows(mask, state);
  const [editing, setEditing] = useState<{ open: boolean; record: Row | null }>({ open: false, record: null });
  const [viewing, setViewing] = useState<Row | null>(null);
  const [hidden, setHidden] = useHiddenColumns(mask.name);
  const lookupLabels = useLookupLabels(mask);
  // On a phone the filters fold away behind a button so the rows stay in view.
  const mobile = useLayout((s) => s.device === 'mobile');
  const [filtersOpen, setFiltersOpen] = useState<boolean | null>(null);
  const showFilters = filtersOpen ?? !mobile;

  const { reload, confirmAndRun, startExport } = useMaskActions(mask, state, locale, () => setSelected([]));

  const actions = grid ? [] : mask.actions.filter((a) => can(a.privilege));
  const bulkActions = actions.filter((a) => a.bulk);
  const canUpdate = !grid && !!mask.write?.update && can(mask.write.update);
  const canCreate = !grid && !!mask.write?.create && can(mask.write.create);
  const canExport = mask.kind === 'list' && !!mask.export && can(mask.export.privilege);
  const derived = columnsFor(mask, locale);
  const allColumns = fields?.length ? fields.flatMap((id) => derived.filter((c) => c.key === id)) : derived;
  const rowActions = grid
    ? null
    : {
        onView: setViewing,
        onEdit: canUpdate ? (row: Row) => setEditing({ open: true, record: row }) : undefined,
        actions,
        onAction: (a: MaskAction, row: Row) => confirmAndRun(a, [row]),
      };
  const visible = allColumns.filter((c) => !hidden.includes(c.key));
  const columns = maskColumns(mask, visible, state, lookupLabels, locale, t, rowActions);

  return (
    <div className="mask-list" data-testid={`mask-list-${mask.name}`}>
      <MaskToolbar
        mask={mask}
        locale={locale}
        state={state}
        mobile={mobile}
        showFilters={showFilters}
        onToggleFilters={() => setFiltersOpen(!showFilters)}
        onSearch={(q) => change({ q })}
        onFilter={(key, value) =>
          change((current) => {
            const filters = { ...current.filters };
            if (value === undefined) delete filters[key];
            else filters[key] = value;
            return { filters };
          })
        }
        onCreate={canCreate ? () => setEditing({ open: true, record: null }) : undefined}
        onExport={canExport ? () => void startExport().catch(() => undefined) : undefined}
        columns={{ all: allColumns, hidden, setHidden }}
      />
      <MaskTable
        mask={mask}
        columns={columns}
        rows={data?.data ?? []}
        loading={loading}
        pageSize={state.l}
        bulk={{ actions: bulkActions, selected, onSelect: setSelected, onRun: (a) => confirmAndRun(a, selected), label: (a) => a.label[locale] }}
        onSort={(sort) => change(sort)}
      />
      <MaskPager
        data={data}
        pageSize={state.l}
        onPageSize={(l) => change({ l })}
        hasPrevious={!!state.o}
        onPrevious={() => {
          setCursors(cursors.slice(0, -1));
          go((current) => ({ ...current, o: cursors.at(-1) || undefined }));
        }}
        onNext={() => {
          setCursors([...cursors, state.o ?? '']);
          go((current) => ({ ...current, o: data!.next! }));
        }}
      />
      <MaskForm
        mask={mask}
        open={editing.open}
        record={editing.record}
        onClose={() => setEditing({ open: false, record: null })}
        onReloaded={(row) => setEditing({ open: true, record: row })}
        onSaved={() => {
          setEditing({ open: false, record: null });
          notify((n) => n.success(t('mask.saved')));
          reload();
        }}
      />
      <MaskDetailDrawer mask={mask} row={viewing} locale={locale} onClose={() => setViewing(null)} />
    </div>
  );
}

/**
 * The list state in the address (search, sort, size, cursor, filters), the cursors of the pages passed
 * and the rows chosen for a bulk action; a change of search, filter, sort or size starts at the top.
 */
function useAddressListState(keep: string[]) {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => readListState(params), [params]);
  const [cursors, setCursors] = useState<string[]>([]);
  const [selected, setSelected] = useState<Row[]>([]);
  const keepKey = keep.join(',');
  // Every change is applied to the URL as it is now, not as this render saw it: two changes in one
  // event (a filter field losing focus as a column header is clicked) must not undo each other.
  // react-router hands a functional update the params of the last render, so the live URL is read.
  const go = useCallback(
    (next: (current: ListState) => ListState) => {
      const current = new URLSearchParams(window.location.search);
      const out = writeListState(next(readListState(current)));
      for (const key of keepKey ? keepKey.split(',') : []) for (const v of current.getAll(key)) out.append(key, v);
      setParams(out, { replace: true });
    },
    [setParams, keepKey],
  );
  const change = (patch: Partial<Omit<ListState, 'o'>> | ((current: ListState) => Partial<Omit<ListState, 'o'>>)) => {
    setCursors([]);
    setSelected([]);
    go((current) => withChange(current, typeof patch === 'function' ? patch(current) : patch));
  };
  return { state, go, change, cursors, setCursors, selected, setSelected };
}
