import type { ApiData } from '@kontor/contracts/api-responses';
import { KeyOutlined } from '@ant-design/icons';
import { oauthClientCreateSchema } from '@kontor/contracts/domains/oauth';
import { PRIVILEGES } from '@kontor/contracts/permissions';
import { Alert, Button, Form, Input, Modal, Popconfirm, Select, Space, Switch, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/errors.js';
import { api } from '../../api/request.js';
import { useSchemaRules } from '../../forms/schema-rules.js';
import { formatDateTime } from '../../lib/format.js';
import { useCan } from '../../masks/can.js';
import { SmallList } from '../../components/list/SmallList.js';
import { notify } from '../../notify/queue.js';

type Client = ApiData<'GET /v0/oauth2/clients/'>[number];

/**
 * `/settings/users/oauth2`: OAuth2 clients for integrations. The secret is shown once, when a client
 * is created or its secret renewed; tokens come from `POST /v0/oauth2/token` (client credentials) and
 * carry only the client's scopes and merchant.
 */
export default function OauthClientsPage() {
  const { t } = useTranslation();
  const canEdit = useCan()('sys.oauth2.edit');
  const [clients, setClients] = useState<Client[] | null>(null);
  const [merchants, setMerchants] = useState<Array<{ id: number; code: string; name: string }>>([]);
  const [editing, setEditing] = useState<{ open: boolean; client: Client | null }>({ open: false, client: null });
  const [shown, setShown] = useState<{ clientId: string; secret: string } | null>(null);
  const [reloads, setReloads] = useState(0);
  const [form] = Form.useForm();
  const rulesOf = useSchemaRules(oauthClientCreateSchema);

  useEffect(() => {
    api('GET /v0/oauth2/clients/').then(setClients, () => setClients([]));
  }, [reloads]);
  useEffect(() => {
    api('GET /v0/merchants/', { quiet: true, expectedCodes: ['NoPermission'] }).then(setMerchants, () => undefined);
  }, []);

  const open = (client: Client | null) => {
    setEditing({ open: true, client });
    form.resetFields();
    form.setFieldsValue(client ?? { scopes: [], merchantId: null });
  };

  const save = async () => {
    const values = await form.validateFields();
    try {
      if (editing.client) {
        await api('PUT /v0/oauth2/clients/:id', {
          path: { id: editing.client.id },
          data: { name: values.name, scopes: values.scopes, disabled: !!values.disabled, version: editing.client.version },
          quiet: true,
        });
      } else {
        const created = await api('POST /v0/oauth2/clients/', {
          data: { name: values.name, scopes: values.scopes, merchantId: values.merchantId ?? null },
          quiet: true,
        });
        setShown({ clientId: created.client.clientId, secret: created.secret });
      }
      setEditing({ open: false, client: null });
      setReloads((n) => n + 1);
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      const field = Object.keys(err.fields)[0]?.split('.')[0];
      if (err.code === 'Conflict') notify((n) => n.error(t('mask.conflict')));
      else if (field && ['name', 'scopes', 'merchantId'].includes(field))
        form.setFields([
          {
            name: field,
            errors: [
              err.code === 'NoPermission'
                ? t('oauth.scopesNotHeld', { scopes: err.fields[field] ?? Object.values(err.fields)[0] })
                : (Object.values(err.fields)[0] ?? err.message),
            ],
          },
        ]);
      else notify((n) => n.error(err.message));
    }
  };

  const rotate = async (client: Client) => {
    const res = await api('POST /v0/oauth2/clients/:id/secret', { path: { id: client.id } });
    setShown({ clientId: res.client.clientId, secret: res.secret });
    setReloads((n) => n + 1);
  };

  return (
    <SmallList<Client>
      testId="oauth-clients"
      intro={<Typography.Paragraph type="secondary">{t('oauth.intro', { url: `${location.origin}/v0/oauth2/token` })}</Typography.Paragraph>}
      create={canEdit && { label: t('oauth.new'), onClick: () => open(null), testId: 'oauth-create' }}
      rows={clients}
      scrollX={900}
      columns={[
        { title: t('oauth.name'), dataIndex: 'name' },
        {
          title: t('oauth.clientId'),
          dataIndex: 'clientId',
          render: (v: string) => (
            <Typography.Text code copyable>
              {v}
            </Typography.Text>
          ),
        },
        { title: t('oauth.scopes'), dataIndex: 'scopes', render: (scopes: string[]) => scopes.map((s) => <Tag key={s}>{s}</Tag>) },
        { title: t('home.merchant'), dataIndex: 'merchantName', render: (v: string | null) => v ?? t('oauth.allMerchants') },
        {
          title: t('users.state'),
          dataIndex: 'disabled',
          render: (d: boolean) => (d ? <Tag color="red">{t('users.disabled')}</Tag> : <Tag color="green">{t('users.active')}</Tag>),
        },
        { title: t('oauth.lastUsed'), dataIndex: 'lastUsedAt', render: formatDateTime },
        ...(canEdit
          ? [
              {
                key: 'actions',
                width: 240,
                render: (_: unknown, client: Client) => (
                  <Space size={4}>
                    <Button size="small" onClick={() => open(client)} data-testid={`oauth-edit-${client.name}`}>
                      {t('mask.edit')}
                    </Button>
                    <Popconfirm title={t('oauth.rotateConfirm')} onConfirm={() => void rotate(client).catch(() => undefined)}>
                      <Button size="small" icon={<KeyOutlined />} data-testid={`oauth-rotate-${client.name}`}>
                        {t('oauth.rotate')}
                      </Button>
                    </Popconfirm>
                    <Popconfirm
                      title={t('oauth.deleteConfirm')}
                      onConfirm={() =>
                        void api('DELETE /v0/oauth2/clients/:id', { path: { id: client.id } }).then(
                          () => setReloads((n) => n + 1),
                          () => undefined,
                        )
                      }
                    >
                      <Button size="small" danger>
                        {t('roles.delete')}
                      </Button>
                    </Popconfirm>
                  </Space>
                ),
              },
            ]
          : []),
      ]}
    >
      <Modal
        open={editing.open}
        title={editing.client ? editing.client.name : t('oauth.new')}
        onCancel={() => setEditing({ open: false, client: null })}
        onOk={() => void save().catch(() => undefined)}
        okText={t('common.save')}
        cancelText={t('common.cancel')}
        okButtonProps={{ 'data-testid': 'oauth-save' } as Record<string, string>}
        destroyOnHidden
        forceRender
      >
        <Form form={form} layout="vertical" data-testid="oauth-form">
          <Form.Item name="name" label={t('oauth.name')} rules={rulesOf('name', t('oauth.name'))}>
            <Input data-testid="oauth-name" />
          </Form.Item>
          <Form.Item name="scopes" label={t('oauth.scopes')} rules={rulesOf('scopes', t('oauth.scopes'))}>
            <Select mode="multiple" options={PRIVILEGES.map((p) => ({ value: p, label: p }))} data-testid="oauth-scopes" />
          </Form.Item>
          {!editing.client && merchants.length > 0 && (
            <Form.Item name="merchantId" label={t('home.merchant')} extra={t('oauth.merchantHint')}>
              <Select allowClear options={merchants.map((m) => ({ value: m.id, label: `${m.code} · ${m.name}` }))} />
            </Form.Item>
          )}
          {editing.client && (
            <Form.Item name="disabled" label={t('users.disabled')} valuePropName="checked">
              <Switch />
            </Form.Item>
          )}
        </Form>
      </Modal>
      <Modal
        open={!!shown}
        title={t('oauth.secretTitle')}
        onCancel={() => setShown(null)}
        footer={
          <Button type="primary" onClick={() => setShown(null)} data-testid="oauth-secret-done">
            {t('common.ok')}
          </Button>
        }
      >
        <Alert type="warning" showIcon title={t('oauth.secretOnce')} style={{ marginBottom: 12 }} />
        <p>
          {t('oauth.clientId')}:{' '}
          <Typography.Text code copyable>
            {shown?.clientId}
          </Typography.Text>
        </p>
        <p>
          {t('oauth.secret')}:{' '}
          <Typography.Text code copyable data-testid="oauth-secret">
            {shown?.secret}
          </Typography.Text>
        </p>
      </Modal>
    </SmallList>
  );
}
