import { STOCK_STATUS } from '@kontor/contracts/domains/inventory';
import { Button, Input, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { notify } from '../../notify/queue.js';
import { findItem } from './inventory-api.js';
import { keyOf, type SheetLine } from './stocktake-sheet.js';
import type { CountSheet } from './use-count-sheet.js';

/** Scanning an item found in a compartment although the books hold none there adds its line. */
export function StocktakeAddLine({ sheet }: { sheet: CountSheet }) {
  const { t } = useTranslation();
  const { scan, setScan, codes } = sheet;
  const addLine = async () => {
    const compartment = codes.find((c) => c.id === scan.compartmentId);
    if (!compartment || !scan.item.trim()) return;
    const hit = await findItem(scan.item.trim());
    if (!hit.guid) return notify((n) => n.error(t('inventory.itemNotFound', { code: scan.item.trim() })));
    const line: SheetLine = {
      compartmentId: compartment.id,
      compartment: compartment.code,
      itemId: hit.id!,
      sku: hit.unid,
      itemName: hit.name ?? '',
      batch: scan.batch.trim(),
      status: STOCK_STATUS.valid,
      expected: 0,
      counted: null,
      saved: false,
      key: '',
    };
    line.key = keyOf(line);
    sheet.countOneMore(line);
  };
  return (
    <Space wrap style={{ marginBottom: 12 }}>
      <Select
        value={scan.compartmentId}
        onChange={(v: number) => setScan((s) => ({ ...s, compartmentId: v }))}
        options={codes.map((c) => ({ value: c.id, label: c.code }))}
        style={{ width: 130 }}
        data-testid="count-add-compartment"
      />
      <Input
        placeholder={t('stocktake.scanItem')}
        value={scan.item}
        onChange={(e) => setScan((s) => ({ ...s, item: e.target.value }))}
        onPressEnter={() => void addLine().catch(() => undefined)}
        style={{ width: 200 }}
        data-testid="count-add-item"
      />
      <Input placeholder={t('inventory.batch')} value={scan.batch} onChange={(e) => setScan((s) => ({ ...s, batch: e.target.value }))} style={{ width: 110 }} />
      <Button onClick={() => void addLine().catch(() => undefined)}>{t('stocktake.addLine')}</Button>
    </Space>
  );
}
