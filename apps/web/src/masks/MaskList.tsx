import { DownloadOutlined, EditOutlined, FilterOutlined, EyeOutlined, MoreOutlined, PlusOutlined, SettingOutlined } from '@ant-design/icons';
import { toLocale, type Page } from '@kontor/contracts';
import { PAGE_SIZES } from '@kontor/contracts/paging-core';
import type { Mask, MaskAction } from '@kontor/contracts/masks';
import { Button, Checkbox, Descriptions, Drawer, Dropdown, Input, Popover, Select, Space, Table, Typography } from 'antd';
import type { ColumnsType, SorterResult } from 'antd/es/table/interface';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { isAbort } from '../api/errors.js';
import { useAuth } from '../auth/store.js';
import { request } from '../api/request.js';
import { useLayout } from '../layout/store.js';
import { notify } from '../notify/queue.js';
import { runAction } from './actions.js';
import { useCan } from './can.js';
import { valueText } from './value-texts.js';
import { docHref } from './doc-links.js';
import { columnsFor, displayValue, filtersFor } from './derive.js';
import { LinesView } from './LinesControl.js';
import { FilterBar } from './FilterBar.js';
import { apiParams, readListState, withChange, writeListState, type ListState } from './list-state.js';
import { MaskForm } from './MaskForm.js';
import { useLookupLabels } from './useLookupLabels.js';

type Row = Record<string, unknown>;

/** Rows beyond this page size are rendered virtually, so 1000 rows scroll smoothly. */
const VIRTUAL_FROM = 100;

function useHiddenColumns(name: string) {
  const storageKey = `kontor.columns.${name}`;
  const [hidden, setHidden] = useState<string[]>(() => {
    try {
      return JSON.parse(localStorage.getItem(storageKey) ?? '[]') as string[];
    } catch {
      return [];
    }
  });
  const update = (next: string[]) => {
    setHidden(next);
    localStorage.setItem(storageKey, JSON.stringify(next));
  };
  return [hidden, update] as const;
}

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
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => readListState(params), [params]);
  const stateKey = params.toString();
  const [page, setPage] = useState<{ key: string; data: Page<Row> } | null>(null);
  const [reloads, setReloads] = useState(0);
  const [cursors, setCursors] = useState<string[]>([]);
  const [selected, setSelected] = useState<Row[]>([]);
  const [editing, setEditing] = useState<{ open: boolean; record: Row | null }>({ open: false, record: null });
  const [viewing, setViewing] = useState<Row | null>(null);
  const [hidden, setHidden] = useHiddenColumns(mask.name);
  const lookupLabels = useLookupLabels(mask);
  const allowed = useAuth((s) => s.allowed);
  // On a phone the filters fold away behind a button so the rows stay in view.
  const mobile = useLayout((s) => s.device === 'mobile');
  const [filtersOpen, setFiltersOpen] = useState<boolean | null>(null);
  const showFilters = filtersOpen ?? !mobile;
  const api = mask.dataSrc!.api;
  const loadKey = `${stateKey}#${reloads}`;
  const loading = page?.key !== loadKey;
  const controller = useRef<AbortController | null>(null);

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

  useEffect(() => {
    controller.current?.abort();
    const ctrl = new AbortController();
    controller.current = ctrl;
    request<Page<Row> | Row[]>({ url: api, params: { ...(mask.dataSrc?.params ?? {}), ...apiParams(state) }, signal: ctrl.signal }).then(
      // A source answering a plain array (a short list such as the merchants) is one complete page.
      (data) => setPage({ key: loadKey, data: Array.isArray(data) ? { total: data.length, next: null, data } : data }),
      (err: unknown) => {
        if (!isAbort(err)) setPage({ key: loadKey, data: { total: 0, next: null, data: [] } });
      },
    );
    return () => ctrl.abort();
  }, [api, mask.dataSrc?.params, state, loadKey]);

  const reload = () => {
    setSelected([]);
    setReloads((n) => n + 1);
  };
  const change = (patch: Partial<Omit<ListState, 'o'>> | ((current: ListState) => Partial<Omit<ListState, 'o'>>)) => {
    setCursors([]);
    setSelected([]);
    go((current) => withChange(current, typeof patch === 'function' ? patch(current) : patch));
  };

  const confirmAndRun = (action: MaskAction, rows: Row[]) => {
    const run = async () => {
      const done = await runAction(action, mask, rows).catch(() => -1);
      if (done > 0) notify((n) => n.success(`${action.label[locale]}: ${t('mask.done')} (${done})`));
      reload();
    };
    if (!action.confirm) return void run();
    const content = `${action.confirm[locale]} (${rows.length})`;
    notify((n) =>
      n.confirm({ title: action.label[locale], content, danger: action.danger, okText: t('common.ok'), cancelText: t('common.cancel'), onOk: run }),
    );
  };

  const startExport = async () => {
    if (!mask.dataSrc) return;
    const { l: _l, o: _o, ...query } = apiParams(state);
    await request({ url: mask.export?.api ?? `${api}export`, method: 'POST', params: query });
    notify((n) => n.info(t('mask.exportStarted')));
  };

  const actions = grid ? [] : mask.actions.filter((a) => can(a.privilege));
  const bulkActions = actions.filter((a) => a.bulk);
  const canUpdate = !grid && !!mask.write?.update && can(mask.write.update);
  const canCreate = !grid && !!mask.write?.create && can(mask.write.create);
  const canExport = mask.kind === 'list' && !!mask.export && can(mask.export.privilege);
  const derived = columnsFor(mask, locale);
  const allColumns = fields?.length ? fields.flatMap((id) => derived.filter((c) => c.key === id)) : derived;
  const sortField = state.s ?? mask.defaultSort?.field;
  const sortOrder = state.d ?? (state.s ? 'asc' : mask.defaultSort?.order);

  const columns: ColumnsType<Row> = allColumns
    .filter((c) => !hidden.includes(c.key))
    .map((c) => ({
      key: c.key,
      dataIndex: c.key,
      title: c.title,
      width: c.width,
      align: c.align,
      ellipsis: true,
      sorter: c.sortable,
      sortOrder: c.sortable && sortField === c.key ? (sortOrder === 'desc' ? 'descend' : 'ascend') : null,
      render: (value: unknown, row: Row) => {
        const text = lookupLabels[c.key]?.get(String(value)) ?? valueText(mask.name, c.key, value, t) ?? displayValue(c.field, value, locale, row);
        const href = docHref(mask.name, c.key, row, allowed);
        return href ? <Link to={href}>{text}</Link> : text;
      },
    }));
  if (!grid)
    columns.push({
      key: '_actions',
      title: t('mask.actions'),
      fixed: 'right',
      width: 120,
      render: (_: unknown, row: Row) => (
        <Space size={0}>
          <Button type="link" size="small" icon={<EyeOutlined />} aria-label={t('mask.view')} onClick={() => setViewing(row)} data-testid="row-view" />
          {canUpdate && (
            <Button
              type="link"
              size="small"
              icon={<EditOutlined />}
              aria-label={t('mask.edit')}
              onClick={() => setEditing({ open: true, record: row })}
              data-testid="row-edit"
            />
          )}
          {actions.length > 0 && (
            <Dropdown
              menu={{ items: actions.map((a) => ({ key: a.id, label: a.label[locale], danger: a.danger, onClick: () => confirmAndRun(a, [row]) })) }}
              trigger={['click']}
            >
              <Button type="link" size="small" icon={<MoreOutlined />} aria-label={t('mask.actions')} data-testid="row-actions" />
            </Dropdown>
          )}
        </Space>
      ),
    });

  const data = page?.data;
  const columnChooser = (
    <Checkbox.Group
      style={{ display: 'grid', gap: 4 }}
      value={allColumns.map((c) => c.key).filter((k) => !hidden.includes(k))}
      onChange={(visible) => setHidden(allColumns.map((c) => c.key).filter((k) => !visible.includes(k)))}
      options={allColumns.map((c) => ({ value: c.key, label: c.title }))}
    />
  );

  return (
    <div className="mask-list" data-testid={`mask-list-${mask.name}`}>
      <Space wrap style={{ marginBottom: 12, width: '100%', justifyContent: 'space-between' }}>
        <Space wrap>
          {mask.search && (
            <Input.Search
              allowClear
              placeholder={t('mask.search')}
              defaultValue={state.q}
              onSearch={(q) => change({ q: q.trim() })}
              style={{ width: 240 }}
              data-testid="mask-search"
            />
          )}
          {mobile && (
            <Button icon={<FilterOutlined />} onClick={() => setFiltersOpen(!showFilters)} data-testid="mask-filters-toggle">
              {t('mask.filters')}
              {Object.keys(state.filters).length ? ` (${Object.keys(state.filters).length})` : ''}
            </Button>
          )}
        </Space>
        {showFilters && (
          <FilterBar
            specs={filtersFor(mask, locale)}
            locale={locale}
            values={state.filters}
            onChange={(key, value) =>
              change((current) => {
                const filters = { ...current.filters };
                if (value === undefined) delete filters[key];
                else filters[key] = value;
                return { filters };
              })
            }
          />
        )}
        <Space wrap>
          {canCreate && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ open: true, record: null })} data-testid="mask-create">
              {t('mask.create')}
            </Button>
          )}
          {canExport && (
            <Button icon={<DownloadOutlined />} onClick={() => void startExport().catch(() => undefined)} data-testid="mask-export">
              {t('mask.export')}
            </Button>
          )}
          <Popover content={columnChooser} trigger="click" title={t('mask.columns')}>
            <Button icon={<SettingOutlined />} aria-label={t('mask.columns')} data-testid="mask-columns" />
          </Popover>
        </Space>
      </Space>
      {selected.length > 0 && bulkActions.length > 0 && (
        <Space style={{ marginBottom: 8 }} data-testid="mask-bulk">
          <Typography.Text>{t('mask.selected', { count: selected.length })}</Typography.Text>
          {bulkActions.map((a) => (
            <Button key={a.id} size="small" danger={a.danger} onClick={() => confirmAndRun(a, selected)} data-testid={`bulk-${a.id}`}>
              {a.label[locale]}
            </Button>
          ))}
        </Space>
      )}
      <Table<Row>
        rowKey={(row) => String(row[mask.pk])}
        size="small"
        loading={loading}
        columns={columns}
        dataSource={data?.data ?? []}
        pagination={false}
        virtual={state.l > VIRTUAL_FROM}
        scroll={{ x: 'max-content', y: state.l > VIRTUAL_FROM ? 640 : undefined }}
        rowSelection={
          bulkActions.length ? { selectedRowKeys: selected.map((r) => String(r[mask.pk])), onChange: (_keys, rows) => setSelected(rows) } : undefined
        }
        onChange={(_p, _f, sorter) => {
          const s = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<Row>;
          change({ s: s.order ? String(s.columnKey) : undefined, d: s.order === 'descend' ? 'desc' : s.order === 'ascend' ? 'asc' : undefined });
        }}
        data-testid="mask-table"
      />
      <Space wrap style={{ marginTop: 12, width: '100%', justifyContent: 'space-between' }}>
        <Typography.Text type="secondary" data-testid="mask-total">
          {data ? (data.totalCapped ? t('mask.totalCapped', { count: data.total }) : t('mask.total', { count: data.total })) : ''}
        </Typography.Text>
        <Space>
          <Select
            value={state.l}
            onChange={(l: number) => change({ l })}
            options={PAGE_SIZES.map((size) => ({ value: size, label: t('mask.perPage', { size }) }))}
            style={{ width: 130 }}
            data-testid="mask-page-size"
          />
          <Button
            disabled={!state.o}
            onClick={() => {
              const previous = cursors.slice(0, -1);
              setCursors(previous);
              go((current) => ({ ...current, o: cursors.at(-1) || undefined }));
            }}
            data-testid="mask-prev"
          >
            {t('mask.previous')}
          </Button>
          <Button
            disabled={!data?.next}
            onClick={() => {
              setCursors([...cursors, state.o ?? '']);
              go((current) => ({ ...current, o: data!.next! }));
            }}
            data-testid="mask-next"
          >
            {t('mask.next')}
          </Button>
        </Space>
      </Space>
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
      <Drawer open={!!viewing} onClose={() => setViewing(null)} title={mask.title[locale]} size="large">
        {viewing && (
          <Descriptions column={1} bordered size="small" data-testid="mask-detail">
            {mask.fields.map((field) => (
              <Descriptions.Item key={field.id} label={field.label[locale]}>
                {field.type === 'json' ? (
                  <pre style={{ margin: 0, whiteSpace: 'pre-wrap' }}>{JSON.stringify(viewing[field.id], null, 2)}</pre>
                ) : field.type === 'lines' ? (
                  <LinesView field={field} value={viewing[field.id]} />
                ) : (
                  displayValue(field, viewing[field.id], locale, viewing)
                )}
              </Descriptions.Item>
            ))}
          </Descriptions>
        )}
      </Drawer>
    </div>
  );
}
