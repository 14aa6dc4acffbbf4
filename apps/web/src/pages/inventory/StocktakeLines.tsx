import { STOCK_STATUS } from '@kontor/contracts/domains/inventory';
import { InputNumber, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { StatusTag } from '../../components/StatusTag.js';
import { useLayout } from '../../layout/store.js';
import { na } from '../../lib/format.js';
import type { SheetLine } from './stocktake-sheet.js';
import type { CountSheet } from './use-count-sheet.js';

/** counted − expected, green above and red below what the books say. */
function Difference({ value }: { value: number | null }) {
  if (value === null) return <Typography.Text type="secondary">—</Typography.Text>;
  const type = value > 0 ? 'success' : value < 0 ? 'danger' : undefined;
  return (
    <Typography.Text type={type} strong={value !== 0} data-testid="count-difference">
      {value > 0 ? `+${value}` : value}
    </Typography.Text>
  );
}

/** The lines of a count: what the books hold, the quantity counted (editable while open) and the difference. */
export function StocktakeLines({ sheet: { sheet, countedOf, setDraft }, open }: { sheet: CountSheet; open: boolean }) {
  const { t } = useTranslation();
  const mobile = useLayout((s) => s.device === 'mobile');
  // On a phone one column names the line, so the counted quantity stays in view.
  const lineColumn: ColumnsType<SheetLine>[number] = {
    key: 'line',
    title: t('inventory.itemName'),
    render: (_: unknown, line) => (
      <div style={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start' }}>
        <strong>{line.sku}</strong>
        <Typography.Text type="secondary">
          {line.compartment} · {line.batch || na()}
        </Typography.Text>
        {line.status !== STOCK_STATUS.valid && <StatusTag status={line.status} />}
      </div>
    ),
  };
  const describing: ColumnsType<SheetLine> = [
    { key: 'compartment', title: t('inventory.compartment'), dataIndex: 'compartment', width: 110 },
    { key: 'sku', title: t('inventory.sku'), dataIndex: 'sku', width: 120 },
    { key: 'itemName', title: t('inventory.itemName'), dataIndex: 'itemName', width: 180, ellipsis: true },
    { key: 'batch', title: t('inventory.batch'), dataIndex: 'batch', width: 90, render: (b: string) => b || na() },
    { key: 'status', title: t('inventory.status'), dataIndex: 'status', width: 110, render: (s: number) => <StatusTag status={s} /> },
  ];
  return (
    <Table<SheetLine>
      rowKey="key"
      size="small"
      dataSource={sheet}
      pagination={false}
      scroll={{ x: 'max-content' }}
      data-testid="count-lines"
      columns={[
        ...(mobile ? [lineColumn] : describing),
        { key: 'expected', title: t('stocktake.expected'), dataIndex: 'expected', align: 'right', width: mobile ? 56 : 90 },
        {
          key: 'counted',
          title: t('stocktake.counted'),
          width: mobile ? 80 : 120,
          render: (_: unknown, line) =>
            open ? (
              <InputNumber
                min={0}
                precision={0}
                size="small"
                value={countedOf(line)}
                onChange={(v) => setDraft(line.key, v)}
                style={{ width: mobile ? 64 : 96 }}
                data-testid={`count-input-${line.compartment}-${line.sku}`}
              />
            ) : (
              (line.counted ?? '—')
            ),
        },
        {
          key: 'difference',
          title: t('stocktake.difference'),
          align: 'right',
          width: mobile ? 56 : 100,
          render: (_: unknown, line) => {
            const counted = countedOf(line);
            return <Difference value={counted === null || counted === undefined ? null : counted - line.expected} />;
          },
        },
      ]}
    />
  );
}
