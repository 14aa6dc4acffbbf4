import { CheckCircleFilled } from '@ant-design/icons';
import { Button, Checkbox, Drawer, Form, Input, Select, Space, Switch, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { carrierAccountCreateSchema, shipperSchema } from '@kontor/contracts/domains/carriers';
import { ApiError } from '../../api/errors.js';
import { useSchemaRules } from '../../forms/schema-rules.js';
import { useLayout } from '../../layout/store.js';
import { notify } from '../../notify/queue.js';
import { accountFormValues, accountPayload, SHIPPER_FIELDS, type AccountFormValues } from './account-form.js';
import { carriersApi, type CarrierAccount, type CarrierDriverInfo } from './carriers-api.js';
import { driverFieldLabel } from './field-label.js';

interface Props {
  /** null: closed; 'new': a new account; else the account to change. */
  editing: CarrierAccount | 'new' | null;
  drivers: CarrierDriverInfo[];
  onClose(): void;
  onSaved(): void;
}

/**
 * Creates or changes a carrier account (issue 17 item 1). The driver names the credential and option
 * fields. Credentials are write-only: a stored one shows as "set" and its input stays empty; leaving it
 * empty keeps it, typing replaces it, "remove" deletes it.
 */
export function AccountForm({ editing, drivers, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const mobile = useLayout((s) => s.device === 'mobile');
  const [form] = Form.useForm<AccountFormValues>();
  const [saving, setSaving] = useState(false);
  const account = editing === 'new' ? null : editing;
  const carrier = Form.useWatch('carrier', form) ?? account?.carrier;
  const withShipper = Form.useWatch('withShipper', form);
  const driver = drivers.find((d) => d.code === carrier);
  const accountRules = useSchemaRules(carrierAccountCreateSchema);
  const shipperRules = useSchemaRules(shipperSchema);

  useEffect(() => {
    if (!editing) return;
    form.resetFields();
    form.setFieldsValue(accountFormValues(account, drivers[0]?.code ?? 'sandbox'));
  }, [editing, account, drivers, form]);

  const save = async () => {
    const values = await form.validateFields();
    setSaving(true);
    try {
      const body = accountPayload(values, driver, account);
      if (account) await carriersApi.updateAccount(account.id, body);
      else await carriersApi.createAccount(body);
      notify((n) => n.success(t('carriers.accounts.saved')));
      onSaved();
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      const problems = err.problems;
      if (problems.length) form.setFields(problems.map((p) => ({ name: p.field.split('.') as never, errors: [p.message] })));
      else notify((n) => n.error(err.message));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Drawer
      open={!!editing}
      onClose={onClose}
      width={mobile ? '100%' : 560}
      title={account ? t('carriers.accounts.editTitle', { name: account.name }) : t('carriers.accounts.new')}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="primary" loading={saving} onClick={() => void save().catch(() => undefined)} data-testid="carrier-account-save">
            {t('common.save')}
          </Button>
        </Space>
      }
    >
      <Form<AccountFormValues> form={form} layout="vertical" data-testid="carrier-account-form">
        <Form.Item name="name" label={t('carriers.accounts.name')} rules={accountRules('name', t('carriers.accounts.name'))}>
          <Input maxLength={80} data-testid="carrier-account-name" />
        </Form.Item>
        <Form.Item name="carrier" label={t('carriers.accounts.carrier')} extra={account ? t('carriers.accounts.carrierFixed') : undefined}>
          <Select
            disabled={!!account}
            options={drivers.map((d) => ({ value: d.code, label: t(`carriers.carrierNames.${d.code}`) }))}
            data-testid="carrier-account-carrier"
          />
        </Form.Item>
        <Form.Item name="endpoint" label={t('carriers.accounts.endpoint')} extra={t('carriers.accounts.endpointHint', { url: driver?.defaultEndpoint || '—' })}>
          <Input maxLength={300} placeholder={driver?.defaultEndpoint} />
        </Form.Item>
        <Form.Item name="active" label={t('carriers.accounts.state')} valuePropName="checked">
          <Switch checkedChildren={t('carriers.accounts.active')} unCheckedChildren={t('carriers.accounts.inactive')} />
        </Form.Item>
        {!!driver?.credentialFields.length && (
          <>
            <Typography.Title level={5}>{t('carriers.accounts.credentials')}</Typography.Title>
            <Typography.Paragraph type="secondary">{t('carriers.accounts.credentialHint')}</Typography.Paragraph>
            {driver.credentialFields.map((name) => {
              const isSet = !!account?.credentialsSet.includes(name) && account.carrier === driver.code;
              return (
                <Form.Item
                  key={name}
                  name={['credentials', name]}
                  label={
                    <Space size={6}>
                      {driverFieldLabel(t, name)}
                      {isSet && (
                        <Typography.Text type="success" data-testid={`carrier-credential-set-${name}`}>
                          <CheckCircleFilled /> {t('carriers.accounts.credentialSet')}
                        </Typography.Text>
                      )}
                    </Space>
                  }
                >
                  <Input.Password
                    autoComplete="new-password"
                    maxLength={2000}
                    placeholder={isSet ? t('carriers.accounts.credentialKeep') : t('carriers.accounts.credentialNotSet')}
                    data-testid={`carrier-credential-${name}`}
                  />
                </Form.Item>
              );
            })}
            {!!account?.credentialsSet.length && (
              <Form.Item name="clearCredentials" label={t('carriers.accounts.credentialRemove')}>
                <Checkbox.Group options={account.credentialsSet.map((name) => ({ value: name, label: driverFieldLabel(t, name) }))} />
              </Form.Item>
            )}
          </>
        )}
        {!!driver?.optionFields.length && (
          <>
            <Typography.Title level={5}>{t('carriers.accounts.options')}</Typography.Title>
            {driver.optionFields.map((name) => (
              <Form.Item key={name} name={['options', name]} label={driverFieldLabel(t, name)}>
                <Input maxLength={500} data-testid={`carrier-option-${name}`} />
              </Form.Item>
            ))}
          </>
        )}
        <Typography.Title level={5}>{t('carriers.accounts.shipper')}</Typography.Title>
        <Form.Item name="withShipper" valuePropName="checked" extra={t('carriers.accounts.shipperHint')}>
          <Checkbox data-testid="carrier-account-with-shipper">{t('carriers.accounts.withShipper')}</Checkbox>
        </Form.Item>
        {withShipper &&
          SHIPPER_FIELDS.map((name) => (
            <Form.Item
              key={name}
              name={['shipper', name]}
              label={t(`carriers.shipperFields.${name}`)}
              rules={shipperRules(name, t(`carriers.shipperFields.${name}`))}
            >
              <Input maxLength={name === 'street' || name === 'email' ? 120 : 80} data-testid={`carrier-shipper-${name}`} />
            </Form.Item>
          ))}
      </Form>
    </Drawer>
  );
}
