import { CARRIERS } from '@kontor/contracts/domains/outbound';
import { Button, Form, Input, InputNumber, Modal, Select, Space, Switch } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMerchants } from '../../api/lookups.js';
import { invalidateDomains } from '../../api/query-client.js';
import { useLayout } from '../../layout/store.js';
import { notify } from '../../notify/queue.js';
import { pickingApi, type PicklistRules, type PresetRow } from './picking-api.js';

const DEFAULT_RULES: PicklistRules = {
  carrier: '',
  merchantId: null,
  zone: '',
  priorityFirst: true,
  oldestFirst: true,
  split: 'split',
  maxOrders: 50,
  maxUnits: 0,
  maxLists: 1,
};

interface Props {
  open: boolean;
  onClose(): void;
  /** The picklists made (the first is opened). */
  onCreated(ids: number[]): void;
}

/**
 * The create dialog of `/wEP/pick2C` (issue 18 item 2): rules that combine, a preset to start from, and
 * a name to save the rules under. The server takes the matching ready-to-pick orders (skipping orders
 * another creation holds) and answers the picklists made.
 */
export function CreatePicklistDialog({ open, onClose, onCreated }: Props) {
  const { t } = useTranslation();
  const mobile = useLayout((s) => s.device === 'mobile');
  const merchants = useMerchants();
  const [form] = Form.useForm<PicklistRules & { savePreset?: string; preset?: number }>();
  const [presets, setPresets] = useState<PresetRow[]>([]);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!open) return;
    form.setFieldsValue({ ...DEFAULT_RULES, savePreset: '', preset: undefined });
    void pickingApi.presets().then(setPresets, () => setPresets([]));
  }, [open, form]);

  const applyPreset = (id: number | undefined) => {
    const preset = presets.find((p) => p.id === id);
    if (preset) form.setFieldsValue({ ...DEFAULT_RULES, ...preset.rules, savePreset: preset.name });
  };
  const deletePreset = async () => {
    const id = form.getFieldValue('preset') as number | undefined;
    if (id === undefined) return;
    await pickingApi.deletePreset(id);
    setPresets(presets.filter((p) => p.id !== id));
    form.setFieldsValue({ preset: undefined });
  };

  const submit = async () => {
    const { savePreset, preset: _preset, ...rules } = await form.validateFields();
    setBusy(true);
    try {
      const { created } = await pickingApi.create({ ...DEFAULT_RULES, ...rules, merchantId: rules.merchantId ?? null }, savePreset?.trim() || undefined);
      await invalidateDomains('picklists', 'outbound-orders');
      if (created.length === 0) notify((n) => n.info(t('picking.createdNone')));
      else notify((n) => n.success(t('picking.createdSome', { count: created.length, numbers: created.map((c) => c.unid).join(', ') })));
      onCreated(created.map((c) => c.id));
      onClose();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('picking.createTitle')}
      onCancel={onClose}
      width={mobile ? '100%' : 640}
      footer={
        <Button type="primary" loading={busy} onClick={() => void submit()} data-testid="picklist-create-submit">
          {t('picking.create')}
        </Button>
      }
      destroyOnHidden
    >
      <Form form={form} layout="vertical" data-testid="picklist-create-form">
        <Form.Item label={t('picking.rules.preset')}>
          <Space.Compact style={{ width: '100%' }}>
            <Form.Item name="preset" noStyle>
              <Select
                allowClear
                placeholder={t('picking.rules.presetNone')}
                options={presets.map((p) => ({ value: p.id, label: p.name }))}
                onChange={(id: number | undefined) => applyPreset(id)}
                data-testid="picklist-preset"
              />
            </Form.Item>
            <Button onClick={() => void deletePreset()}>{t('picking.rules.deletePreset')}</Button>
          </Space.Compact>
        </Form.Item>
        <div style={{ display: 'grid', gridTemplateColumns: mobile ? '1fr' : '1fr 1fr', columnGap: 16 }}>
          <Form.Item name="carrier" label={t('picking.rules.carrier')}>
            <Select
              options={[{ value: '', label: t('picking.rules.anyCarrier') }, ...CARRIERS.map((c) => ({ value: c, label: c }))]}
              data-testid="picklist-carrier"
            />
          </Form.Item>
          <Form.Item name="merchantId" label={t('picking.rules.merchant')}>
            <Select
              allowClear
              placeholder={t('picking.rules.anyMerchant')}
              options={merchants.map((m) => ({ value: m.id, label: `${m.code} ${m.name}` }))}
              data-testid="picklist-merchant"
            />
          </Form.Item>
          <Form.Item name="zone" label={t('picking.rules.zone')}>
            <Input placeholder={t('picking.rules.zonePlaceholder')} maxLength={40} />
          </Form.Item>
          <Form.Item name="split" label={t('picking.rules.split')}>
            <Select options={(['split', 'singleOnly', 'multiOnly'] as const).map((v) => ({ value: v, label: t(`picking.rules.splits.${v}`) }))} />
          </Form.Item>
          <Form.Item name="maxOrders" label={t('picking.rules.maxOrders')}>
            <InputNumber min={1} max={1000} precision={0} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="maxUnits" label={t('picking.rules.maxUnits')}>
            <InputNumber min={0} max={100000} precision={0} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="maxLists" label={t('picking.rules.maxLists')}>
            <InputNumber min={0} max={1000} precision={0} style={{ width: '100%' }} data-testid="picklist-max-lists" />
          </Form.Item>
          <Form.Item name="savePreset" label={t('picking.rules.savePreset')}>
            <Input placeholder={t('picking.rules.savePresetPlaceholder')} maxLength={60} />
          </Form.Item>
          <Form.Item name="priorityFirst" label={t('picking.rules.priorityFirst')} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item name="oldestFirst" label={t('picking.rules.oldestFirst')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </div>
      </Form>
    </Modal>
  );
}
