import { LOCALES, type Locale } from '@kontor/contracts';
import { COUNTRY_CODES } from '@kontor/contracts/countries';
import { gateUserCreateSchema } from '@kontor/contracts/domains/carrier-gate';
import { CARRIER_CODES, shipperSchema } from '@kontor/contracts/domains/carriers';
import { Col, Form, Input, InputNumber, Row, Select, Switch, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/errors.js';
import { leafOf, problemText } from '../../api/field-errors.js';
import { invalidateDomains } from '../../api/query-client.js';
import { useSchemaRules } from '../../forms/schema-rules.js';
import { FormDrawer } from '../../components/FormDrawerParts.js';
import { notify } from '../../notify/queue.js';
import { gateApi, type GateUser } from './gate-api.js';
import { GateUserKeys } from './GateUserKeys.js';
import { GateUserShipments } from './GateUserShipments.js';

interface Values {
  company: string;
  contact?: string;
  email?: string;
  phone?: string;
  address: { name1: string; street: string; streetNumber?: string; zip: string; city: string; country: string };
  marginPercent?: number;
  marginFixed?: number;
  currency: 'EUR' | 'USD';
  carriers: string[];
  products: string[];
  active: boolean;
  language: Locale;
}

const ADDRESS_PARTS = ['name1', 'street', 'streetNumber', 'zip', 'city', 'country'] as const;
const COUNTRY_OPTIONS = COUNTRY_CODES.map((code) => ({ value: code, label: code }));

function toValues(user: GateUser | null): Partial<Values> {
  if (!user)
    return {
      currency: 'EUR',
      carriers: [],
      products: [],
      active: true,
      language: 'en',
      marginPercent: 0,
      marginFixed: 0,
      address: { country: 'DE' } as Values['address'],
    };
  return {
    ...user,
    address: { ...user.address, streetNumber: user.address.streetNumber ?? '' },
    currency: user.currency as Values['currency'],
    marginPercent: user.marginBp / 100,
    marginFixed: user.marginFixedMinor / 100,
  };
}

/**
 * A gate user's drawer: the record (company, sender address, margin, allowed carriers and products),
 * then, once saved, its API keys and latest shipments. `user` null: a new gate user.
 */
export function GateUserDrawer({
  open,
  user,
  onClose,
  onSaved,
}: {
  open: boolean;
  user: GateUser | null;
  onClose: () => void;
  onSaved: (u: GateUser) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const rulesOf = useSchemaRules(gateUserCreateSchema);
  const addressRules = useSchemaRules(shipperSchema);
  const [saving, setSaving] = useState(false);

  const submit = async (v: Values) => {
    setSaving(true);
    const data = {
      company: v.company,
      contact: v.contact ?? '',
      email: v.email ?? '',
      phone: v.phone ?? '',
      address: { ...v.address, streetNumber: v.address.streetNumber ?? '' },
      marginBp: Math.round((v.marginPercent ?? 0) * 100),
      marginFixedMinor: Math.round((v.marginFixed ?? 0) * 100),
      currency: v.currency,
      carriers: v.carriers as GateUser['carriers'],
      products: v.products,
      active: v.active,
      language: v.language,
    };
    try {
      const saved = user ? await gateApi.updateUser(user.id, data) : await gateApi.createUser(data);
      await invalidateDomains('gate-users');
      onSaved(saved);
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      const labelOf = (field: string) => {
        const key = leafOf(field) === 'marginBp' ? 'marginPercent' : leafOf(field) === 'marginFixedMinor' ? 'marginFixed' : leafOf(field);
        const text = t(`gate.${key}`, { defaultValue: '' });
        return typeof text === 'string' && text ? text : undefined;
      };
      const shown = err.problems.filter((p) => labelOf(p.field));
      form.setFields(
        shown.map((p) => ({
          name: p.field.startsWith('address.') ? ['address', leafOf(p.field)] : leafOf(p.field),
          errors: [problemText(t, p, labelOf)],
        })) as never,
      );
      if (shown.length === 0) notify((n) => n.error(err.message));
    } finally {
      setSaving(false);
    }
  };

  return (
    <FormDrawer open={open} onClose={onClose} title={user ? user.company : t('gate.newUser')} saving={saving} onSave={() => form.submit()} testId="gate-user">
      <Form
        key={user?.id ?? 'new'}
        form={form}
        layout="vertical"
        initialValues={toValues(user)}
        onFinish={(v) => void submit(v).catch(() => undefined)}
        data-testid="gate-user-form"
      >
        <Row gutter={12}>
          <Col xs={24} md={12}>
            <Form.Item name="company" label={t('gate.company')} rules={rulesOf('company', t('gate.company'))}>
              <Input data-testid="gate-user-company" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="contact" label={t('gate.contact')} rules={rulesOf('contact', t('gate.contact'))}>
              <Input />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="email" label={t('gate.email')} rules={rulesOf('email', t('gate.email'))}>
              <Input />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="phone" label={t('gate.phone')} rules={rulesOf('phone', t('gate.phone'))}>
              <Input />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="language" label={t('gate.language')} extra={t('gate.languageHint')}>
              <Select options={LOCALES.map((l) => ({ value: l, label: t(`users.languages.${l}`) }))} data-testid="gate-user-language" />
            </Form.Item>
          </Col>
        </Row>
        <Typography.Title level={5}>{t('gate.address')}</Typography.Title>
        <Row gutter={12}>
          {ADDRESS_PARTS.map((part) => (
            <Col key={part} xs={part === 'streetNumber' || part === 'zip' ? 12 : 24} md={part === 'name1' ? 24 : part === 'street' ? 16 : 8}>
              <Form.Item name={['address', part]} label={t(`gate.${part}`)} rules={addressRules(part, t(`gate.${part}`))}>
                {part === 'country' ? <Select showSearch options={COUNTRY_OPTIONS} /> : <Input data-testid={`gate-user-${part}`} />}
              </Form.Item>
            </Col>
          ))}
        </Row>
        <Row gutter={12}>
          <Col xs={12} md={8}>
            <Form.Item name="marginPercent" label={t('gate.marginPercent')}>
              <InputNumber min={0} max={1000} step={0.5} precision={2} style={{ width: '100%' }} data-testid="gate-user-margin" />
            </Form.Item>
          </Col>
          <Col xs={12} md={8}>
            <Form.Item name="marginFixed" label={t('gate.marginFixed')}>
              <InputNumber min={0} max={10000} step={0.1} precision={2} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={12} md={8}>
            <Form.Item name="currency" label={t('gate.currency')}>
              <Select options={['EUR', 'USD'].map((c) => ({ value: c, label: c }))} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="carriers" label={t('gate.carriers')} extra={t('gate.allCarriers')}>
              <Select mode="multiple" options={CARRIER_CODES.map((c) => ({ value: c, label: c.toUpperCase() }))} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="products" label={t('gate.products')} extra={t('gate.allProducts')}>
              <Select mode="tags" tokenSeparators={[',', ' ']} />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item name="active" label={t('gate.active')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
        </Row>
      </Form>
      {user && (
        <>
          <GateUserKeys gateUserId={user.id} />
          <GateUserShipments gateUserId={user.id} />
        </>
      )}
    </FormDrawer>
  );
}
