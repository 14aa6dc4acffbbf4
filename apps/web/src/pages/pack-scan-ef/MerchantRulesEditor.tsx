import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { accessorySchema } from '@kontor/contracts/domains/packing';
import { Button, Card, Empty, Form, Input, InputNumber, Select, Space, Switch, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { newKey } from '../../api/idempotency-key.js';
import { useMerchants } from '../../api/lookups.js';
import { useSchemaRules } from '../../forms/schema-rules.js';
import { notify } from '../../notify/queue.js';
import { packEfApi, type MerchantPackingRules } from './pack-ef-api.js';

type Values = MerchantPackingRules;

/**
 * A merchant's packing rules (docs/packing.md "Merchant rules"), for staff who may edit merchants: the
 * rules `/wEP/PackScanEF` follows for that merchant's orders. Empty tolerances use the company's.
 */
export function MerchantRulesEditor() {
  const { t } = useTranslation();
  const merchants = useMerchants();
  const [merchantId, setMerchantId] = useState<number | null>(null);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<Values>();
  const accessoryRules = useSchemaRules(accessorySchema);

  useEffect(() => {
    if (merchantId === null) return;
    let live = true;
    void packEfApi.rules(merchantId).then((rules) => {
      if (!live) return;
      const { merchantId: _id, merchantName: _name, updatedAt: _at, ...values } = rules;
      form.setFieldsValue(values);
    });
    return () => {
      live = false;
    };
  }, [merchantId, form]);

  const save = async (values: Values) => {
    if (merchantId === null) return;
    setSaving(true);
    try {
      const body: Values = {
        ...values,
        accessories: (values.accessories ?? []).map((a) => ({ code: a.code.trim(), name: (a.name ?? '').trim() })),
        weightTolerancePct: values.weightTolerancePct ?? null,
        weightToleranceKg: values.weightToleranceKg ?? null,
        note: values.note ?? '',
      };
      await packEfApi.saveRules(merchantId, body, newKey());
      notify((n) => n.success(t('packScanEF.rules.saved')));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card size="small" className="pef-rules" data-testid="pack-ef-rules">
      <Typography.Paragraph type="secondary">{t('packScanEF.rules.hint')}</Typography.Paragraph>
      <Select
        showSearch
        optionFilterProp="label"
        className="pef-rules-merchant"
        placeholder={t('packScanEF.rules.merchant')}
        value={merchantId ?? undefined}
        onChange={(v: number) => setMerchantId(v)}
        options={merchants.map((m) => ({ value: m.id, label: `${m.code} · ${m.name}` }))}
        data-testid="pack-ef-rules-merchant"
      />
      {merchantId === null ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('packScanEF.rules.choose')} />
      ) : (
        <Form<Values> form={form} layout="vertical" onFinish={(v) => void save(v)} data-testid="pack-ef-rules-form">
          <Form.Item name="serialPerUnit" label={t('packScanEF.rules.serialPerUnit')} valuePropName="checked" extra={t('packScanEF.rules.serialPerUnitHint')}>
            <Switch data-testid="pack-ef-rules-serial" />
          </Form.Item>
          <Form.Item name="weighRequired" label={t('packScanEF.rules.weighRequired')} valuePropName="checked">
            <Switch data-testid="pack-ef-rules-weigh" />
          </Form.Item>
          <Space wrap>
            <Form.Item name="weightTolerancePct" label={t('packScanEF.rules.tolerancePct')}>
              <InputNumber min={0} max={100} placeholder={t('packScanEF.rules.companyDefault')} data-testid="pack-ef-rules-pct" />
            </Form.Item>
            <Form.Item name="weightToleranceKg" label={t('packScanEF.rules.toleranceKg')}>
              <InputNumber min={0} max={100} step={0.01} placeholder={t('packScanEF.rules.companyDefault')} data-testid="pack-ef-rules-kg" />
            </Form.Item>
          </Space>
          <Typography.Text strong>{t('packScanEF.rules.accessories')}</Typography.Text>
          <Form.List name="accessories">
            {(fields, { add, remove }) => (
              <div className="pef-rules-accessories">
                {fields.map((field) => (
                  <Space key={field.key} align="baseline" wrap>
                    <Form.Item
                      name={[field.name, 'code']}
                      rules={accessoryRules('code', t('packScanEF.rules.code'), { messages: { required: t('packScanEF.rules.codeRequired') } })}
                    >
                      <Input placeholder={t('packScanEF.rules.code')} maxLength={64} data-testid="pack-ef-rules-acc-code" />
                    </Form.Item>
                    <Form.Item name={[field.name, 'name']}>
                      <Input placeholder={t('packScanEF.rules.name')} maxLength={120} data-testid="pack-ef-rules-acc-name" />
                    </Form.Item>
                    <Button type="text" aria-label={t('packScanEF.rules.remove')} icon={<MinusCircleOutlined />} onClick={() => remove(field.name)} />
                  </Space>
                ))}
                <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ code: '', name: '' })} data-testid="pack-ef-rules-acc-add">
                  {t('packScanEF.rules.addAccessory')}
                </Button>
              </div>
            )}
          </Form.List>
          <Form.Item name="note" label={t('packScanEF.rules.note')}>
            <Input.TextArea rows={2} maxLength={500} data-testid="pack-ef-rules-note" />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={saving} data-testid="pack-ef-rules-save">
            {t('packScanEF.rules.save')}
          </Button>
        </Form>
      )}
    </Card>
  );
}
