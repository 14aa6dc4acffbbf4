import { Form, InputNumber, Modal, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { maxQty, type InfoRow } from './pick-scan-state.js';
import type { MaterialOption } from './picking-scan-api.js';

interface Props {
  /** The itemInfo row the scanned item books. */
  row: InfoRow;
  materials: MaterialOption[];
  /** The materials chosen last (remembered on the device). */
  chosen: number[];
  onCancel(): void;
  onConfirm(row: InfoRow, qty: number, materials: number[]): void;
}

/**
 * The quantity of one slice (1 to 50, no more than the row has left) and at least one packing
 * material (facts §3.6 step 3). Enter in the quantity field confirms, so a keyboard alone works.
 */
export function QuantityDialog({ row, materials, chosen, onCancel, onConfirm }: Props) {
  const { t } = useTranslation();
  const [qty, setQty] = useState(1);
  // Mounted per scan (the page renders it only while a row is open), so the state starts from the props.
  const [picked, setPicked] = useState<number[]>(() => chosen.filter((id) => materials.length === 0 || materials.some((m) => m.id === id)));
  const max = maxQty(row);
  const valid = qty >= 1 && qty <= max && picked.length > 0;
  const confirm = () => valid && onConfirm(row, qty, picked);

  return (
    <Modal
      open
      className="picking-scan-dialog"
      title={t('pickingScan.dialogTitle', { sku: row.sku, location: row.inventoryName })}
      okText={t('pickingScan.print')}
      cancelText={t('pickingScan.cancel')}
      okButtonProps={{ disabled: !valid, ...({ 'data-testid': 'picking-scan-confirm' } as Record<string, string>) }}
      onOk={confirm}
      onCancel={onCancel}
      destroyOnHidden
    >
      <Form layout="vertical" onFinish={confirm}>
        <Form.Item label={t('pickingScan.quantity')} extra={t('pickingScan.left', { left: row.qty - row.qtyPrinted, max })}>
          <InputNumber
            autoFocus
            min={1}
            max={max}
            precision={0}
            value={qty}
            onChange={(v) => setQty(v ?? 0)}
            onPressEnter={confirm}
            data-testid="picking-scan-qty"
          />
        </Form.Item>
        <Form.Item
          label={t('pickingScan.materials')}
          validateStatus={picked.length === 0 ? 'error' : undefined}
          help={picked.length === 0 ? t('pickingScan.materialsRequired') : undefined}
        >
          <Select
            mode="multiple"
            optionFilterProp="label"
            value={picked}
            onChange={(v: number[]) => setPicked(v)}
            options={materials.map((m) => ({ value: m.id, label: `${m.unid} · ${m.name}` }))}
            data-testid="picking-scan-materials"
          />
        </Form.Item>
        {row.itemBatch && <Typography.Text type="secondary">{`${t('pickingScan.batch')}: ${row.itemBatch}`}</Typography.Text>}
      </Form>
    </Modal>
  );
}
