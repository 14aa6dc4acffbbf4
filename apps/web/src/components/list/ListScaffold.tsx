import { FilterOutlined } from '@ant-design/icons';
import { Badge, Button, Input, Space, Table, type TableProps } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState, type CSSProperties, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CursorList } from '../../api/use-list-query.js';
import { useLayout } from '../../layout/store.js';
import { Pager } from '../Pager.js';
import { ColumnChooserButton, choosableColumns, columnKey, useHiddenColumns } from './column-chooser.js';
import './list.css';

export interface ListSearch {
  placeholder: string;
  /** The trimmed text, or undefined when the box was cleared. */
  onSearch(q: string | undefined): void;
  /** Width on a desktop (a phone gets `mobileWidth`); a `className` sizes it instead. */
  width?: number;
  mobileWidth?: number;
  className?: string;
}

interface Props<T> {
  /** Stem of the test ids: `<id>-search`, `<id>-table`, `<id>-more-filters` and the pager's `<id>-total`. */
  id: string;
  /** The wrapper's test id (the screens name it after their list or page). */
  testId: string;
  // Without `page`: a list may hand its rows on reshaped (`{ ...list, rows }`).
  list: Omit<CursorList<T>, 'page'>;
  columns: ColumnsType<T>;
  /** What a phone shows instead of `columns` (one `phoneLine` column, maybe a figure beside it). */
  phoneColumns?: ColumnsType<T>;
  search?: ListSearch;
  /** The list's own filters, after the search. */
  filters?: ReactNode;
  /** Without the filter bar (a list embedded in another record's detail). */
  bare?: boolean;
  /** On a phone the filters fold behind a button; `chosen` counts the filters set, shown as its badge. */
  foldOnMobile?: { chosen: number };
  filterBarClassName?: string;
  /** Between the filters and the table: status chips, bulk actions. */
  aboveTable?: ReactNode;
  rowSelection?: TableProps<T>['rowSelection'];
  /** The record's key when it is not `id` (the stock groups). */
  rowKey?: TableProps<T>['rowKey'];
  /** Rows that open to show more (a stock group's rows). */
  expandable?: TableProps<T>['expandable'];
  rowClassName?: TableProps<T>['rowClassName'];
  /** A new key mounts the table anew (closes opened rows when the page changes). */
  tableKey?: string;
  /** Under the pager: what sums up the whole list (the stock groups' totals). */
  summary?: ReactNode;
  tableLayout?: TableProps<T>['tableLayout'];
  /** Horizontal scroll on a desktop; a phone's table fits the screen and wraps instead. */
  scrollX?: number | 'max-content';
  children?: ReactNode;
}

/**
 * The frame of every bespoke cursor-paged list (issue 16 item 7): search and filters, the column
 * chooser (desktop; the choice is kept per list in this browser), the table, the pager with the spec's
 * page sizes; the screen brings its columns, filters and bulk actions.
 */
export function ListScaffold<T extends object>(props: Props<T>) {
  const { id, testId, list, columns, phoneColumns, bare, aboveTable, rowSelection, tableLayout, scrollX = 'max-content', children } = props;
  const { rowKey = 'id', expandable, rowClassName, tableKey, summary } = props;
  const mobile = useLayout((s) => s.device === 'mobile');
  const [hidden, setHidden] = useHiddenColumns(`list.${id}`);
  const choosable = choosableColumns(columns);
  const shown = columns.filter((column) => !hidden.includes(columnKey(column) ?? ''));
  const chooser = !mobile && choosable.length > 1 && <ColumnChooserButton all={choosable} hidden={hidden} setHidden={setHidden} testId={`${id}-columns`} />;
  return (
    <div data-testid={testId}>
      {!bare && <FilterBar {...props} mobile={mobile} chooser={chooser} />}
      {aboveTable}
      <Table<T>
        key={tableKey}
        rowKey={rowKey}
        expandable={expandable}
        rowClassName={rowClassName}
        size="small"
        loading={list.loading}
        columns={mobile && phoneColumns ? phoneColumns : shown}
        dataSource={list.rows}
        pagination={false}
        rowSelection={rowSelection}
        tableLayout={tableLayout}
        // On a phone the table fits the screen and the text wraps instead of scrolling sideways.
        scroll={mobile ? undefined : { x: scrollX }}
        data-testid={`${id}-table`}
      />
      <Pager list={list} testId={id} />
      {summary}
      {children}
    </div>
  );
}

function FilterBar<T>({ id, search, filters, foldOnMobile, filterBarClassName, mobile, chooser }: Props<T> & { mobile: boolean; chooser: ReactNode }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const folding = mobile && !!foldOnMobile;
  const style: CSSProperties | undefined = filterBarClassName ? undefined : { marginBottom: 12 };
  const searchBox = search && (
    <Input.Search
      allowClear
      placeholder={search.placeholder}
      className={search.className}
      style={search.className ? undefined : { width: mobile ? (search.mobileWidth ?? 200) : (search.width ?? 280) }}
      onSearch={(q) => search.onSearch(q.trim() || undefined)}
      data-testid={`${id}-search`}
    />
  );
  return (
    <Space wrap size={[8, 8]} className={filterBarClassName} style={style}>
      {foldOnMobile ? (
        <div className="list-search-row">
          {searchBox}
          {folding && (
            <Badge count={foldOnMobile.chosen} size="small">
              <Button
                icon={<FilterOutlined />}
                type={open ? 'primary' : 'default'}
                aria-label={t('mask.filters')}
                aria-expanded={open}
                onClick={() => setOpen((v) => !v)}
                data-testid={`${id}-more-filters`}
              />
            </Badge>
          )}
        </div>
      ) : (
        searchBox
      )}
      {(!folding || open) && filters}
      {chooser}
    </Space>
  );
}
