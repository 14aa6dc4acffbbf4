import { roleWriteSchema } from '@kontor/contracts/domains/admin';
import { Button, Form, Input, Modal, Popconfirm, Space, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../api/errors.js';
import { useSchemaRules } from '../../forms/schema-rules.js';
import { useCan } from '../../masks/can.js';
import { SmallList } from '../../components/list/SmallList.js';
import { rolesApi, type Role } from './roles-api.js';
import { roleLabel } from '../../auth/role-label.js';

/** `/settings/roles/list`: the roles with their holders; a name opens its privilege matrix. */
export default function RolesListPage() {
  const { t } = useTranslation();
  const can = useCan();
  const editable = can('sys.roles.edit');
  const [roles, setRoles] = useState<Role[] | null>(null);
  const [creating, setCreating] = useState(false);
  const [reloads, setReloads] = useState(0);
  const [form] = Form.useForm<{ name: string; title: string; description: string }>();
  const rulesOf = useSchemaRules(roleWriteSchema);

  useEffect(() => {
    rolesApi.list().then(setRoles, () => setRoles([]));
  }, [reloads]);

  const create = async () => {
    const values = await form.validateFields();
    try {
      await rolesApi.create(values);
      setCreating(false);
      form.resetFields();
      setReloads((n) => n + 1);
    } catch (err) {
      if (err instanceof ApiError) form.setFields([{ name: 'name', errors: [err.code === 'Duplicate' ? err.message : (err.fields.name ?? err.message)] }]);
    }
  };

  return (
    <SmallList<Role>
      testId="roles-list"
      create={editable && { label: t('mask.create'), onClick: () => setCreating(true), testId: 'role-create' }}
      rows={roles}
      scrollX={700}
      columns={[
        {
          title: t('roles.name'),
          dataIndex: 'name',
          render: (name: string, role) => (
            <Link to={`/settings/roles/privileges?role=${role.id}`} data-testid={`role-${name}`}>
              {name}
            </Link>
          ),
        },
        { title: t('roles.title'), dataIndex: 'title', render: (title: string, role) => (role.builtin ? roleLabel(t, role.name) : title) },
        { title: t('roles.description'), dataIndex: 'description', ellipsis: true },
        {
          title: t('roles.privileges'),
          dataIndex: 'privileges',
          align: 'right',
          render: (p: string[], role) => (role.name === 'admin' ? t('roles.all') : p.length),
        },
        { title: t('roles.holders'), dataIndex: 'users', align: 'right' },
        {
          title: t('mask.actions'),
          width: 160,
          render: (_: unknown, role) => (
            <Space>
              {role.builtin && <Tag>{t('roles.builtin')}</Tag>}
              {editable && !role.builtin && role.users === 0 && (
                <Popconfirm
                  title={t('roles.deleteConfirm', { name: role.name })}
                  onConfirm={() => void rolesApi.remove(role.id).then(() => setReloads((n) => n + 1))}
                >
                  <Button size="small" danger data-testid={`role-delete-${role.name}`}>
                    {t('roles.delete')}
                  </Button>
                </Popconfirm>
              )}
            </Space>
          ),
        },
      ]}
    >
      <Modal
        open={creating}
        title={t('roles.new')}
        onCancel={() => setCreating(false)}
        onOk={() => void create().catch(() => undefined)}
        okText={t('common.save')}
        cancelText={t('common.cancel')}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" data-testid="role-form">
          <Form.Item name="name" label={t('roles.name')} rules={rulesOf('name', t('roles.name'), { messages: { invalid: t('roles.nameRule') } })}>
            <Input data-testid="role-name" />
          </Form.Item>
          <Form.Item name="title" label={t('roles.title')} initialValue="">
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item name="description" label={t('roles.description')} initialValue="">
            <Input.TextArea maxLength={500} />
          </Form.Item>
        </Form>
      </Modal>
    </SmallList>
  );
}
