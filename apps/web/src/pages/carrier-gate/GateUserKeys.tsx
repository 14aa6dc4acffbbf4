import { KeyOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Input, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { invalidateDomains } from '../../api/query-client.js';
import { formatDateTime } from '../../lib/format.js';
import { useCan } from '../../masks/can.js';
import { gateApi, type GateKey } from './gate-api.js';
import { NewKeyModal } from './NewKeyModal.js';
import { ConfirmButton } from '../../components/ConfirmButton.js';

/** A gate user's API keys: made with a name (the key shown once), revoked, with their last use. */
export function GateUserKeys({ gateUserId }: { gateUserId: number }) {
  const { t } = useTranslation();
  const canEdit = useCan()('c5r.users.edit');
  const keys = useQuery({ queryKey: ['gate-users', 'keys', gateUserId], queryFn: () => gateApi.keys(gateUserId) });
  const [name, setName] = useState('');
  const [shown, setShown] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const create = async () => {
    setBusy(true);
    try {
      const made = await gateApi.createKey(gateUserId, name.trim());
      setShown(made.key);
      setName('');
      await invalidateDomains('gate-users');
    } finally {
      setBusy(false);
    }
  };

  return (
    <div data-testid="gate-keys" style={{ marginTop: 8 }}>
      <Typography.Title level={5}>{t('gate.keys')}</Typography.Title>
      {canEdit && (
        <Space.Compact style={{ width: '100%', maxWidth: 420, marginBottom: 8 }}>
          <Input placeholder={t('gate.keyName')} value={name} maxLength={80} onChange={(e) => setName(e.target.value)} data-testid="gate-key-name" />
          <Button
            icon={<KeyOutlined />}
            disabled={!name.trim()}
            loading={busy}
            onClick={() => void create().catch(() => undefined)}
            data-testid="gate-key-create"
          >
            {t('gate.newKey')}
          </Button>
        </Space.Compact>
      )}
      <Table<GateKey>
        rowKey="id"
        size="small"
        loading={keys.isFetching}
        dataSource={keys.data ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        columns={[
          { key: 'name', dataIndex: 'name', title: t('gate.keyName') },
          { key: 'prefix', dataIndex: 'prefix', title: t('gate.keyPrefix'), render: (v: string) => <Typography.Text code>{v}…</Typography.Text> },
          { key: 'createdAt', dataIndex: 'createdAt', title: t('gate.created'), render: formatDateTime },
          { key: 'lastUsedAt', dataIndex: 'lastUsedAt', title: t('gate.lastUsed'), render: formatDateTime },
          {
            key: 'state',
            title: t('gate.state'),
            render: (_: unknown, key) =>
              key.revokedAt ? (
                <Tag color="red">
                  {t('gate.revoked')} {formatDateTime(key.revokedAt)}
                </Tag>
              ) : canEdit ? (
                <ConfirmButton
                  title={t('gate.revokeConfirm')}
                  label={t('gate.revoke')}
                  run={() => gateApi.revokeKey(key.id)}
                  domains={['gate-users']}
                  testId={`gate-key-revoke-${key.id}`}
                />
              ) : (
                <Tag color="green">{t('gate.active')}</Tag>
              ),
          },
        ]}
      />
      <NewKeyModal shown={shown} onClose={() => setShown(null)} />
    </div>
  );
}
