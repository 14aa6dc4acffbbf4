import type { ApiData } from '@kontor/contracts/api-responses';
import { LOCALES } from '@kontor/contracts';
import { userCreateSchema } from '@kontor/contracts/domains/admin';
import { Alert, Form, Input, Select, Switch } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/errors.js';
import { api } from '../../api/request.js';
import { useSchemaRules } from '../../forms/schema-rules.js';
import { notify } from '../../notify/queue.js';
import { FormDrawer } from '../../components/FormDrawerParts.js';
import { roleLabel } from '../../auth/role-label.js';

/** A user as `GET /v0/users/` lists it (its contract). */
export type UserRecord = ApiData<'GET /v0/users/'>['data'][number];

const TYPES = [10, 20, 110, 120, 130, 190];
const MERCHANT_TYPE = 10;
const FORM_FIELDS = ['account', 'name', 'email', 'type', 'merchantId', 'roles', 'language', 'printShipment', 'disabled', 'password'];

interface Props {
  open: boolean;
  user: UserRecord | null;
  onClose(): void;
  onSaved(): void;
}

/**
 * Create and edit a user (issue 4 §4 users/list): type, merchant for merchant users, roles, language,
 * print station, disabled (which ends the user's sessions at once, on the server), and a new password.
 * An update sends only what the form holds; the server answers a stale version with a conflict.
 */
export function UserForm({ open, user, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const rulesOf = useSchemaRules(userCreateSchema);
  const anEmail = { required: t('users.accountRule'), invalid: t('users.accountRule') };
  const [roles, setRoles] = useState<ApiData<'GET /v0/roles/'>>([]);
  const [merchants, setMerchants] = useState<ApiData<'GET /v0/merchants/'>>([]);
  const [saving, setSaving] = useState(false);
  const [conflict, setConflict] = useState(false);
  const type = Form.useWatch('type', form) as number | undefined;

  useEffect(() => {
    if (!open) return;
    api('GET /v0/roles/', { quiet: true }).then(setRoles, () => undefined);
    api('GET /v0/merchants/', { quiet: true }).then(setMerchants, () => undefined);
    form.resetFields();
    form.setFieldsValue(user ?? { type: 110, roles: [], language: null, printShipment: false, disabled: false });
  }, [open, user, form]);

  const submit = async (values: Record<string, unknown>) => {
    setSaving(true);
    setConflict(false);
    const { password, account, ...rest } = values;
    const body = { ...rest, merchantId: rest.type === MERCHANT_TYPE ? (rest.merchantId ?? null) : null };
    try {
      if (user) {
        await api('PUT /v0/users/:id', { path: { id: user.id }, data: { ...body, version: user.version }, quiet: true });
        if (password) await api('PUT /v0/users/:id/password', { path: { id: user.id }, data: { password }, quiet: true });
      } else await api('POST /v0/users/', { data: { ...body, account, password }, quiet: true });
      notify((n) => n.success(t('mask.saved')));
      onSaved();
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      if (err.code === 'Conflict') return setConflict(true);
      const fields = Object.entries(err.fields).filter(([name]) => FORM_FIELDS.includes(name));
      if (fields.length) form.setFields(fields.map(([name, message]) => ({ name, errors: [err.code === 'Duplicate' ? err.message : message] })));
      else notify((n) => n.error(err.message));
    } finally {
      setSaving(false);
    }
  };

  return (
    <FormDrawer open={open} onClose={onClose} title={user ? user.account : t('users.new')} saving={saving} onSave={() => form.submit()} testId="user">
      {conflict && <Alert type="warning" showIcon style={{ marginBottom: 16 }} title={t('mask.conflict')} data-testid="user-conflict" />}
      <Form form={form} layout="vertical" onFinish={(v) => void submit(v).catch(() => undefined)} data-testid="user-form">
        {!user && (
          <Form.Item name="account" label={t('users.account')} rules={rulesOf('account', t('users.account'), { messages: anEmail })}>
            <Input autoComplete="off" data-testid="user-account" />
          </Form.Item>
        )}
        <Form.Item name="name" label={t('personal.name')}>
          <Input maxLength={100} data-testid="user-name" />
        </Form.Item>
        <Form.Item name="email" label={t('users.email')} rules={rulesOf('email', t('users.email'), { messages: anEmail })}>
          <Input maxLength={254} />
        </Form.Item>
        <Form.Item name="type" label={t('users.type')} rules={rulesOf('type', t('users.type'))}>
          <Select options={TYPES.map((v) => ({ value: v, label: t(`users.types.${v}`) }))} data-testid="user-type" />
        </Form.Item>
        {type === MERCHANT_TYPE && (
          <Form.Item
            name="merchantId"
            label={t('home.merchant')}
            rules={rulesOf('merchantId', t('home.merchant'), { required: true, messages: { required: t('users.merchantRequired') } })}
          >
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              options={merchants.map((m) => ({ value: m.id, label: `${m.code} · ${m.name}` }))}
              data-testid="user-merchant"
            />
          </Form.Item>
        )}
        <Form.Item name="roles" label={t('home.roles')}>
          <Select
            mode="multiple"
            options={roles.map((r) => ({
              value: r.name,
              label: roleLabel(t, r.name) !== r.name ? `${r.name} · ${roleLabel(t, r.name)}` : r.title ? `${r.name} · ${r.title}` : r.name,
            }))}
            data-testid="user-roles"
          />
        </Form.Item>
        <Form.Item name="language" label={t('common.language')}>
          <Select allowClear options={LOCALES.map((l) => ({ value: l, label: t(`users.languages.${l}`) }))} />
        </Form.Item>
        <Form.Item name="printShipment" label={t('users.printStation')} valuePropName="checked">
          <Switch />
        </Form.Item>
        {user && (
          <Form.Item name="disabled" label={t('users.disabled')} valuePropName="checked" extra={t('users.disableHint')}>
            <Switch data-testid="user-disabled" />
          </Form.Item>
        )}
        <Form.Item
          name="password"
          label={user ? t('users.newPassword') : t('login.password')}
          rules={rulesOf('password', user ? t('users.newPassword') : t('login.password'), { required: !user })}
          extra={user ? t('users.passwordHint') : undefined}
        >
          <Input.Password autoComplete="new-password" data-testid="user-password" />
        </Form.Item>
      </Form>
    </FormDrawer>
  );
}
