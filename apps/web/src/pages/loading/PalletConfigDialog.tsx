import { PALLET_UNITS, palletConfigSchema } from '@kontor/contracts/domains/pallets';
import { Alert, Form, Input, Modal, Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/errors.js';
import { invalidateDomains } from '../../api/query-client.js';
import { useSchemaRules } from '../../forms/schema-rules.js';
import { loadingApi, type Pallet, type PalletConfigInput } from './loading-api.js';

interface Props {
  /** The config to edit, `'new'` to create one, null when closed. */
  pallet: Pallet | 'new' | null;
  onClose(): void;
}

/** Create or edit a loading config (issue 19 item 1): carrier, pallet or box, truck plate, pickup date, note. */
export function PalletConfigDialog({ pallet, onClose }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<PalletConfigInput>();
  const rulesOf = useSchemaRules(palletConfigSchema);
  const [saving, setSaving] = useState(false);
  // A refusal no field owns (offline, no permission, a server error): the calls are quiet, so without
  // this line "Save" did nothing visible at all.
  const [failed, setFailed] = useState<string | null>(null);
  useEffect(() => {
    if (!pallet) return;
    form.resetFields();
    if (pallet !== 'new')
      form.setFieldsValue({
        pickupCarrier: pallet.pickupCarrier,
        unitStr: pallet.unitStr,
        plateNumber2: pallet.plateNumber2,
        pickupDate: pallet.pickupDate,
        importantNote: pallet.importantNote,
      });
  }, [pallet, form]);

  const save = async () => {
    const values = await form.validateFields();
    setSaving(true);
    setFailed(null);
    try {
      const input = { ...values, pickupDate: values.pickupDate ?? '' };
      if (pallet === 'new') await loadingApi.create(input);
      else if (pallet) await loadingApi.update(pallet.palletCode, input);
      await invalidateDomains('pallets');
      onClose();
    } catch (err) {
      if (err instanceof ApiError && err.problems.length > 0)
        form.setFields(err.problems.map((p) => ({ name: p.field as keyof PalletConfigInput, errors: [p.message] })));
      else setFailed(err instanceof Error ? err.message : String(err));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={pallet !== null}
      title={pallet === 'new' ? t('loadingConfigs.create') : t('loadingConfigs.edit')}
      onCancel={onClose}
      onOk={() => void save()}
      okText={t('loadingConfigs.save')}
      cancelText={t('loadingConfigs.cancel')}
      confirmLoading={saving}
      okButtonProps={{ ...({ 'data-testid': 'pallet-save' } as object) }}
      destroyOnHidden
      afterClose={() => setFailed(null)}
    >
      {failed && <Alert type="error" showIcon message={failed} className="loading-alert" data-testid="pallet-save-error" />}
      <Form form={form} layout="vertical" initialValues={{ unitStr: 'Pallet', pickupCarrier: '', plateNumber2: '', pickupDate: '', importantNote: '' }}>
        <Form.Item name="pickupCarrier" label={t('loading.carrier')}>
          <Input maxLength={60} data-testid="pallet-carrier" />
        </Form.Item>
        <Form.Item name="unitStr" label={t('loading.unit')}>
          <Select options={PALLET_UNITS.map((u) => ({ value: u, label: t(`loading.unitLabel.${u}`) }))} />
        </Form.Item>
        <Form.Item name="plateNumber2" label={t('loading.plate')}>
          <Input maxLength={40} data-testid="pallet-plate" />
        </Form.Item>
        <Form.Item name="pickupDate" label={t('loading.pickupDate')} rules={rulesOf('pickupDate', t('loading.pickupDate'))}>
          <Input type="date" data-testid="pallet-date" />
        </Form.Item>
        <Form.Item name="importantNote" label={t('loading.note')}>
          <Input.TextArea maxLength={500} rows={2} data-testid="pallet-note" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
