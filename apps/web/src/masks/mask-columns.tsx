import { EditOutlined, EyeOutlined, MoreOutlined } from '@ant-design/icons';
import type { Locale } from '@kontor/contracts';
import type { Mask, MaskAction } from '@kontor/contracts/masks';
import { Button, Dropdown, Space } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import { useAuth } from '../auth/store.js';
import { displayValue, type ColumnSpec } from './derive.js';
import type { ListState } from './list-state.js';
import type { Row } from './use-mask-rows.js';
import { valueText } from './value-texts.js';
import { docHref } from './doc-links.js';

interface RowActions {
  onView(row: Row): void;
  onEdit?: (row: Row) => void;
  actions: MaskAction[];
  onAction(action: MaskAction, row: Row): void;
}

/**
 * The table columns of a mask list: the visible fields with their sort state from the address and the
 * values worded for the user, then (unless a read-only grid) view, edit and the row's actions.
 */
export function maskColumns(
  mask: Mask,
  specs: ColumnSpec[],
  state: ListState,
  lookupLabels: Record<string, Map<string, string> | undefined>,
  locale: Locale,
  t: TFunction,
  rowActions: RowActions | null,
): ColumnsType<Row> {
  const sortField = state.s ?? mask.defaultSort?.field;
  const sortOrder = state.d ?? (state.s ? 'asc' : mask.defaultSort?.order);
  const columns: ColumnsType<Row> = specs.map((c) => ({
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
      // A document reference opens its document where the user may open it (issue 15 item 8).
      const href = docHref(mask.name, c.key, row, useAuth.getState().allowed);
      return href ? <Link to={href}>{text}</Link> : text;
    },
  }));
  if (rowActions) columns.push(actionsColumn(rowActions, locale, t));
  return columns;
}

function actionsColumn({ onView, onEdit, actions, onAction }: RowActions, locale: Locale, t: TFunction): ColumnsType<Row>[number] {
  return {
    key: '_actions',
    title: t('mask.actions'),
    fixed: 'right',
    width: 120,
    render: (_: unknown, row: Row) => (
      <Space size={0}>
        <Button type="link" size="small" icon={<EyeOutlined />} aria-label={t('mask.view')} onClick={() => onView(row)} data-testid="row-view" />
        {onEdit && <Button type="link" size="small" icon={<EditOutlined />} aria-label={t('mask.edit')} onClick={() => onEdit(row)} data-testid="row-edit" />}
        {actions.length > 0 && (
          <Dropdown
            menu={{ items: actions.map((a) => ({ key: a.id, label: a.label[locale], danger: a.danger, onClick: () => onAction(a, row) })) }}
            trigger={['click']}
          >
            <Button type="link" size="small" icon={<MoreOutlined />} aria-label={t('mask.actions')} data-testid="row-actions" />
          </Dropdown>
        )}
      </Space>
    ),
  };
}
