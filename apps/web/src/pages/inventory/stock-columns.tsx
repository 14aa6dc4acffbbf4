import { MoreOutlined, PlusCircleOutlined, SwapOutlined, TagOutlined } from '@ant-design/icons';
import { STOCK_STATUS } from '@kontor/contracts/domains/inventory';
import { Button, Dropdown, Space, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { formatDateTime, na } from '../../lib/format.js';
import type { StockRow } from './inventory-api.js';
import { StatusTag } from '../../components/StatusTag.js';

export type StockAction = 'adjust' | 'move' | 'status';
export const ACTION_ICONS: Record<StockAction, React.ReactNode> = { adjust: <PlusCircleOutlined />, move: <SwapOutlined />, status: <TagOutlined /> };

interface Options {
  mobile: boolean;
  /** A merchant's session lists only its own merchant: no merchant column. */
  oneMerchant: boolean;
  actions: StockAction[];
  onAction(action: StockAction, row: StockRow): void;
}

/** The columns of stock rows, in the rows view and inside an opened group; on a phone one column names the row. */
export function useRowColumns({ mobile, oneMerchant, actions, onAction }: Options): ColumnsType<StockRow> {
  const { t } = useTranslation();
  const number = (key: 'quantity' | 'reserved' | 'available', title: string) => ({ key, dataIndex: key, title, align: 'right' as const, width: 90 });
  const full: ColumnsType<StockRow> = [
    { key: 'compartmentCode', dataIndex: 'compartmentCode', title: t('inventory.compartment'), width: 110 },
    { key: 'sku', dataIndex: 'sku', title: t('inventory.sku'), width: 120 },
    { key: 'itemName', dataIndex: 'itemName', title: t('inventory.itemName'), width: 180, ellipsis: true },
    { key: 'batch', title: t('inventory.batch'), width: 90, render: (_: unknown, row) => row.batch || na() },
    { key: 'expiry', title: t('inventory.expiry'), width: 100, render: (_: unknown, row) => row.expiry ?? '' },
    { key: 'status', title: t('inventory.status'), width: 110, render: (_: unknown, row) => <StatusTag status={row.status} /> },
    number('quantity', t('inventory.quantity')),
    number('reserved', t('inventory.locked')),
    number('available', t('inventory.available')),
    { key: 'merchantName', dataIndex: 'merchantName', title: t('inventory.customer'), width: 160, ellipsis: true },
    { key: 'warehouseCode', dataIndex: 'warehouseCode', title: t('inventory.warehouse'), width: 80 },
    { key: 'updatedAt', title: t('inventory.updated'), width: 150, render: (_: unknown, row) => formatDateTime(row.updatedAt) },
  ];
  const line: ColumnsType<StockRow>[number] = {
    key: 'line',
    title: t('inventory.itemName'),
    render: (_: unknown, row) => (
      <div style={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start' }}>
        <strong>{row.sku}</strong>
        <Typography.Text type="secondary">
          {row.compartmentCode} · {row.batch || na()}
          {row.expiry ? ` · ${row.expiry}` : ''}
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
        mobile ? (
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
  return columns;
}
