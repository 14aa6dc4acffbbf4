import { ADJUST_REASONS, adjustSchema, changeStatusSchema, moveSchema, STOCK_STATUS } from '@kontor/contracts/domains/inventory';
import { AutoComplete, Checkbox, DatePicker, Form, Input, InputNumber, Modal, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSchemaRules } from '../../forms/schema-rules.js';
import { notify } from '../../notify/queue.js';
import { findItem, listStock, stockOperation, type StockRow } from './inventory-api.js';
import type { StockAction } from './StockList.js';
import { useStatusOptions } from '../../components/StatusTag.js';

interface Values {
  compartment?: string;
  item?: string;
  batch?: string;
  status?: number;
  delta?: number;
  quantity?: number;
  toCompartment?: string;
  toStatus?: number;
  reasonCode?: string;
  /** Best-before date of units added of an expiry-tracked item. */
  expiry?: Dayjs | null;
  withReservations?: boolean;
  note?: string;
}

interface Props {
  kind: StockAction | null;
  /** The row the action was started from (its fields prefilled), or null for a dialog filled by scanning. */
  row: StockRow | null;
  onClose(): void;
  onDone(): void;
}

/** The fields scanned in order: Enter in one moves to the next, Enter in the last one submits. */
const CHAIN: Record<StockAction, Array<keyof Values>> = {
  adjust: ['compartment', 'item', 'delta'],
  move: ['compartment', 'item', 'quantity', 'toCompartment'],
  status: ['compartment', 'item', 'quantity'],
};

/**
 * Adjust, move and change status (issue 5 §5). Codes may be scanned: compartment, item (SKU, barcode or
 * alias), quantity, target. Once compartment and item are known the batches held there are offered,
 * and a single one is filled in. Errors (not enough stock, a blocked compartment) come from the server
 * and are shown by the request layer.
 */
export function StockOperationDialog({ kind, row, onClose, onDone }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const [batches, setBatches] = useState<string[]>([]);
  // Whether the item entered takes a best-before date (known once that item is found).
  const [expiryOf, setExpiryOf] = useState<{ code: string; tracked: boolean } | null>(null);
  const itemCode = Form.useWatch('item', form);
  const tracked = !!expiryOf?.tracked && expiryOf.code === itemCode?.trim();
  const statusOptions = useStatusOptions();
  const adjustRules = useSchemaRules(adjustSchema);
  const moveRules = useSchemaRules(moveSchema);
  const statusRules = useSchemaRules(changeStatusSchema);

  useEffect(() => {
    if (!kind) return;
    form.resetFields();
    form.setFieldsValue(
      row
        ? {
            compartment: row.compartmentCode,
            item: row.sku,
            batch: row.batch,
            status: row.status,
            reasonCode: 'correction',
            expiry: row.expiry ? dayjs(row.expiry) : null,
          }
        : { status: STOCK_STATUS.valid, batch: '', reasonCode: 'correction' },
    );
    if (row)
      void findItem(row.sku).then(
        (hit) => setExpiryOf({ code: row.sku, tracked: !!hit.expiryTracked }),
        () => undefined,
      );
    setTimeout(() => form.focusField(row ? (kind === 'adjust' ? 'delta' : 'quantity') : 'compartment'), 150);
  }, [kind, row, form]);

  /** The batches of the item in the compartment, for the batch field; one is filled in. */
  const suggestBatches = async () => {
    const { compartment, item } = form.getFieldsValue();
    if (!compartment?.trim() || !item?.trim()) return;
    const hit = await findItem(item.trim());
    setExpiryOf({ code: item.trim(), tracked: !!hit.expiryTracked });
    if (!hit.guid) return;
    const page = await listStock({ itemId: hit.id, compartmentCode: compartment.trim().toUpperCase(), quantity: '1..', l: 100 });
    const found = [...new Set(page.data.map((r) => r.batch))];
    setBatches(found);
    const only = page.data.length === 1 ? page.data[0]! : null;
    if (only) form.setFieldsValue({ batch: only.batch, status: only.status, expiry: only.expiry ? dayjs(only.expiry) : null });
  };

  const next = (field: keyof Values) => {
    if (!kind) return;
    if (field === 'item') void suggestBatches().catch(() => undefined);
    const chain = CHAIN[kind];
    const at = chain.indexOf(field);
    if (at === chain.length - 1) form.submit();
    else form.focusField(chain[at + 1]!);
  };
  const enter = (field: keyof Values) => (e: React.KeyboardEvent) => {
    e.preventDefault();
    next(field);
  };

  const submit = async (v: Values) => {
    if (!kind) return;
    const same = row && v.compartment === row.compartmentCode && v.item === row.sku;
    const key = same ? { itemId: row.itemId, compartmentId: row.compartmentId } : { item: v.item?.trim(), compartment: v.compartment?.trim().toUpperCase() };
    const base = { ...key, batch: v.batch?.trim() ?? '', status: v.status, note: v.note ?? '' };
    const data =
      kind === 'adjust'
        ? { ...base, delta: v.delta, reasonCode: v.reasonCode, expiry: tracked && (v.delta ?? 0) > 0 && v.expiry ? v.expiry.format('YYYY-MM-DD') : null }
        : kind === 'move'
          ? { ...base, quantity: v.quantity, toCompartment: v.toCompartment?.trim().toUpperCase(), withReservations: v.withReservations === true }
          : { ...base, quantity: v.quantity, toStatus: v.toStatus };
    setSaving(true);
    try {
      await stockOperation(kind, data);
      notify((n) => n.success(t(`inventory.done.${kind}`)));
      onDone();
    } finally {
      setSaving(false);
    }
  };

  // Typed or scanned codes: the request may name the record by its id instead, this dialog always by its code.
  const byCode = { required: true };
  return (
    <Modal
      open={!!kind}
      title={kind ? t(`inventory.actions.${kind}`) : ''}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      okButtonProps={{ 'data-testid': 'stock-op-save' } as Record<string, string>}
      destroyOnHidden
      forceRender
    >
      <Form form={form} layout="vertical" onFinish={(v) => void submit(v).catch(() => undefined)} data-testid={`stock-op-${kind ?? 'none'}`}>
        <Form.Item
          name="compartment"
          label={kind === 'move' ? t('inventory.fromCompartment') : t('inventory.compartment')}
          rules={adjustRules('compartment', kind === 'move' ? t('inventory.fromCompartment') : t('inventory.compartment'), byCode)}
        >
          <Input onPressEnter={enter('compartment')} autoComplete="off" data-testid="op-compartment" />
        </Form.Item>
        <Form.Item name="item" label={t('inventory.itemCode')} rules={adjustRules('item', t('inventory.itemCode'), byCode)}>
          <Input onPressEnter={enter('item')} onBlur={() => void suggestBatches().catch(() => undefined)} autoComplete="off" data-testid="op-item" />
        </Form.Item>
        <Form.Item name="batch" label={t('inventory.batch')}>
          <AutoComplete options={batches.map((b) => ({ value: b, label: b || '—' }))} data-testid="op-batch" />
        </Form.Item>
        <Form.Item name="status" label={t('inventory.status')}>
          <Select options={statusOptions} data-testid="op-status" />
        </Form.Item>
        {kind === 'adjust' && (
          <>
            <Form.Item
              name="delta"
              label={t('inventory.delta')}
              extra={t('inventory.deltaHint')}
              rules={adjustRules('delta', t('inventory.delta'), { messages: { invalid: t('inventory.notZero') } })}
            >
              <InputNumber precision={0} style={{ width: '100%' }} onPressEnter={enter('delta')} data-testid="op-delta" />
            </Form.Item>
            {tracked && (
              <Form.Item
                name="expiry"
                label={t('inventory.expiry')}
                extra={t('inventory.expiryHint')}
                dependencies={['delta']}
                rules={[
                  ({ getFieldValue }) => ({
                    validator: (_r, v: Dayjs | null | undefined) =>
                      !v && Number(getFieldValue('delta')) > 0 ? Promise.reject(new Error(t('inventory.expiryRequired'))) : Promise.resolve(),
                  }),
                ]}
              >
                <DatePicker style={{ width: '100%' }} format="YYYY-MM-DD" data-testid="op-expiry" />
              </Form.Item>
            )}
            <Form.Item name="reasonCode" label={t('inventory.reasonCode')} rules={adjustRules('reasonCode', t('inventory.reasonCode'))}>
              <Select options={ADJUST_REASONS.map((r) => ({ value: r, label: t(`inventory.reasons.${r}`) }))} data-testid="op-reason" />
            </Form.Item>
          </>
        )}
        {(kind === 'move' || kind === 'status') && (
          <Form.Item name="quantity" label={t('inventory.quantity')} rules={moveRules('quantity', t('inventory.quantity'))}>
            <InputNumber min={1} precision={0} style={{ width: '100%' }} onPressEnter={enter('quantity')} data-testid="op-quantity" />
          </Form.Item>
        )}
        {kind === 'move' && (
          <Form.Item name="toCompartment" label={t('inventory.toCompartment')} rules={moveRules('toCompartment', t('inventory.toCompartment'), byCode)}>
            <Input onPressEnter={enter('toCompartment')} autoComplete="off" data-testid="op-to" />
          </Form.Item>
        )}
        {kind === 'move' && (
          // Reserved units stay unless asked: their order lines then pick from the new compartment.
          <Form.Item name="withReservations" valuePropName="checked" extra={t('inventory.withReservationsHint')}>
            <Checkbox data-testid="op-with-reservations">{t('inventory.withReservations')}</Checkbox>
          </Form.Item>
        )}
        {kind === 'status' && (
          <Form.Item name="toStatus" label={t('inventory.toStatus')} rules={statusRules('toStatus', t('inventory.toStatus'))}>
            <Select options={statusOptions} data-testid="op-to-status" />
          </Form.Item>
        )}
        <Form.Item name="note" label={t('inventory.note')}>
          <Input.TextArea autoSize={{ minRows: 1, maxRows: 4 }} maxLength={500} data-testid="op-note" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
