import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Input, Select, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { invalidateDomains } from '../../api/query-client.js';
import { useMoreList } from '../../api/use-more-list.js';
import { formatDateTime } from '../../lib/format.js';
import { PageSizeSelect } from '../../components/Pager.js';
import { useCan } from '../../masks/can.js';
import { UserForm, type UserRecord } from './UserForm.js';
import { roleLabel } from '../../auth/role-label.js';

const TYPES = [10, 20, 110, 120, 130, 190];

/**
 * `/settings/users/list`: the users this session may see (the server scopes merchants and an
 * admin's sub-account), searchable, filtered by type, paged by cursor. Editing comes with the
 * definition-driven settings screens.
 */
export default function UsersListPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [type, setType] = useState<number | undefined>();
  const [editing, setEditing] = useState<{ open: boolean; user: UserRecord | null }>({ open: false, user: null });
  const canEdit = useCan()('sys.users.edit');
  const { rows, hasMore, more, loading, pageSize, setPageSize } = useMoreList('users', 'GET /v0/users/', search.trim(), { type });

  return (
    <div data-testid="users-list">
      <Space wrap style={{ marginBottom: 12 }}>
        <Input.Search allowClear placeholder={t('users.search')} onSearch={setSearch} style={{ width: 260 }} data-testid="users-search" />
        <Select
          allowClear
          placeholder={t('users.type')}
          value={type}
          onChange={setType}
          style={{ width: 180 }}
          options={TYPES.map((v) => ({ value: v, label: t(`users.types.${v}`) }))}
        />
        {canEdit && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ open: true, user: null })} data-testid="user-create">
            {t('users.new')}
          </Button>
        )}
      </Space>
      <Table<UserRecord>
        rowKey="id"
        size="small"
        loading={loading}
        dataSource={rows}
        pagination={false}
        scroll={{ x: 800 }}
        columns={[
          { title: t('users.account'), dataIndex: 'account' },
          { title: t('personal.name'), dataIndex: 'name' },
          { title: t('users.type'), dataIndex: 'type', render: (v: number) => t(`users.types.${v}`, { defaultValue: String(v) }) },
          { title: t('home.merchant'), dataIndex: 'merchantName', render: (v: string | null) => v ?? t('common.na') },
          { title: t('home.roles'), dataIndex: 'roles', render: (roles: string[]) => roles.map((r) => <Tag key={r}>{roleLabel(t, r)}</Tag>) },
          {
            title: t('users.state'),
            dataIndex: 'disabled',
            render: (d: boolean) => (d ? <Tag color="red">{t('users.disabled')}</Tag> : <Tag color="green">{t('users.active')}</Tag>),
          },
          { title: t('users.created'), dataIndex: 'createdAt', render: formatDateTime },
          ...(canEdit
            ? [
                {
                  key: 'edit',
                  width: 60,
                  render: (_: unknown, row: UserRecord) => (
                    <Button
                      type="link"
                      size="small"
                      icon={<EditOutlined />}
                      aria-label={t('mask.edit')}
                      onClick={() => setEditing({ open: true, user: row })}
                      data-testid={`user-edit-${row.account}`}
                    />
                  ),
                },
              ]
            : []),
        ]}
      />
      <div style={{ marginTop: 8, display: 'flex', gap: 8 }}>
        {hasMore && (
          <Button style={{ flex: 1 }} onClick={more} loading={loading}>
            {t('users.more')}
          </Button>
        )}
        <PageSizeSelect value={pageSize} onChange={setPageSize} testId="users-page-size" />
      </div>
      <UserForm
        open={editing.open}
        user={editing.user}
        onClose={() => setEditing({ open: false, user: null })}
        onSaved={() => {
          setEditing({ open: false, user: null });
          void invalidateDomains('users');
        }}
      />
    </div>
  );
}
