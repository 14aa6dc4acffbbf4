import type { ExportReason } from '@kontor/contracts/domains/carriers';
import { carrierRuleWriteSchema, EXPORT_REASONS } from '@kontor/contracts/domains/carriers';
import { CARRIERS } from '@kontor/contracts/domains/outbound';
import { COUNTRY_CODES } from '@kontor/contracts/countries';
import { AutoComplete, Form, Input, InputNumber, Modal, Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/errors.js';
import { useSchemaRules } from '../../forms/schema-rules.js';
import { notify } from '../../notify/queue.js';
import { carriersApi, type CarrierAccount, type CarrierDriverInfo, type CarrierRule, type RuleWrite } from './carriers-api.js';

interface Values {
  merchantId?: number | null;
  country?: string | null;
  orderCarrier?: string;
  orderService?: string;
  accountId?: number;
  product?: string | null;
  services?: string[];
  priority?: number | null;
  exportReason?: ExportReason;
}

interface Props {
  editing: CarrierRule | 'new' | null;
  accounts: CarrierAccount[];
  drivers: CarrierDriverInfo[];
  merchants: Array<{ id: number; name: string }>;
  onClose(): void;
  onSaved(): void;
}

const toValues = (rule: CarrierRule | null): Values =>
  rule
    ? {
        merchantId: rule.merchantId,
        country: rule.country,
        orderCarrier: rule.orderCarrier,
        orderService: rule.orderService,
        accountId: rule.accountId,
        product: rule.product || null,
        services: rule.services,
        priority: rule.priority,
        exportReason: rule.exportReason,
      }
    : { merchantId: null, country: null, orderCarrier: '', orderService: '', product: null, services: [], priority: 0, exportReason: 'COMMERCIAL_GOODS' };

const toWrite = (v: Values): RuleWrite => ({
  merchantId: v.merchantId ?? null,
  country: v.country || null,
  orderCarrier: (v.orderCarrier ?? '').trim(),
  orderService: (v.orderService ?? '').trim(),
  accountId: v.accountId!,
  product: v.product ?? '',
  services: v.services ?? [],
  priority: v.priority ?? 0,
  exportReason: v.exportReason ?? 'COMMERCIAL_GOODS',
});

/**
 * A rule: which orders (carrier text, merchant, destination country, service) go to which account,
 * product and services. Empty selects mean "any"; the product left empty is the driver's first product
 * serving the destination.
 */
export function RuleForm({ editing, accounts, drivers, merchants, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const rulesOf = useSchemaRules(carrierRuleWriteSchema);
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const rule = editing === 'new' ? null : editing;
  const accountId = Form.useWatch('accountId', form);
  const productCode = Form.useWatch('product', form);
  const driver = drivers.find((d) => d.code === accounts.find((a) => a.id === accountId)?.carrier);
  const product = driver?.products.find((p) => p.code === productCode);
  const serviceCodes = product ? product.services : [...new Set(driver?.products.flatMap((p) => p.services) ?? [])];

  useEffect(() => {
    if (!editing) return;
    form.resetFields();
    form.setFieldsValue(toValues(rule));
  }, [editing, rule, form]);

  const save = async () => {
    const values = await form.validateFields();
    setSaving(true);
    try {
      if (rule) await carriersApi.updateRule(rule.id, toWrite(values));
      else await carriersApi.createRule(toWrite(values));
      notify((n) => n.success(t('carriers.rules.saved')));
      onSaved();
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      if (err.problems.length) form.setFields(err.problems.map((p) => ({ name: p.field.split('.') as never, errors: [p.message] })));
      else notify((n) => n.error(err.message));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={!!editing}
      title={rule ? t('carriers.rules.editTitle') : t('carriers.rules.new')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ loading: saving, 'data-testid': 'carrier-rule-save' } as never}
      onOk={() => void save().catch(() => undefined)}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<Values> form={form} layout="vertical" data-testid="carrier-rule-form">
        <Form.Item name="orderCarrier" label={t('carriers.rules.orderCarrier')} extra={t('carriers.rules.orderCarrierHint')}>
          <AutoComplete options={CARRIERS.map((c) => ({ value: c }))} maxLength={40} data-testid="carrier-rule-order-carrier" />
        </Form.Item>
        <Form.Item name="merchantId" label={t('carriers.rules.merchant')}>
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('carriers.rules.anyMerchant')}
            options={merchants.map((m) => ({ value: m.id, label: m.name }))}
            data-testid="carrier-rule-merchant"
          />
        </Form.Item>
        <Form.Item name="country" label={t('carriers.rules.country')}>
          <Select
            allowClear
            showSearch
            placeholder={t('carriers.rules.anyCountry')}
            options={COUNTRY_CODES.map((c) => ({ value: c, label: c }))}
            data-testid="carrier-rule-country"
          />
        </Form.Item>
        <Form.Item name="orderService" label={t('carriers.rules.orderService')}>
          <Input maxLength={40} placeholder={t('carriers.rules.anyService')} />
        </Form.Item>
        <Form.Item name="accountId" label={t('carriers.rules.account')} rules={rulesOf('accountId', t('carriers.rules.account'))}>
          <Select
            options={accounts.map((a) => ({ value: a.id, label: `${a.name} (${t(`carriers.carrierNames.${a.carrier}`)})` }))}
            onChange={() => form.setFieldsValue({ product: null, services: [] })}
            data-testid="carrier-rule-account"
          />
        </Form.Item>
        <Form.Item name="product" label={t('carriers.rules.product')}>
          <Select
            allowClear
            placeholder={t('carriers.rules.firstProduct')}
            options={(driver?.products ?? []).map((p) => ({ value: p.code, label: `${p.name} (${p.code})` }))}
            onChange={() => form.setFieldsValue({ services: [] })}
            data-testid="carrier-rule-product"
          />
        </Form.Item>
        <Form.Item name="services" label={t('carriers.rules.services')}>
          <Select mode="multiple" allowClear options={serviceCodes.map((s) => ({ value: s, label: s }))} />
        </Form.Item>
        <Form.Item name="exportReason" label={t('carriers.rules.exportReason')} extra={t('carriers.rules.exportReasonHint')}>
          <Select options={EXPORT_REASONS.map((r) => ({ value: r, label: t(`carriers.exportReasons.${r}`) }))} data-testid="carrier-rule-export-reason" />
        </Form.Item>
        <Form.Item name="priority" label={t('carriers.rules.priority')} extra={t('carriers.rules.priorityHint')}>
          <InputNumber min={-1000} max={1000} precision={0} style={{ width: 140 }} data-testid="carrier-rule-priority" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
