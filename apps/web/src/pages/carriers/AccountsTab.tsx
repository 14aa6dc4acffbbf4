import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLayout } from '../../layout/store.js';
import { notify } from '../../notify/queue.js';
import { accountMode, missingCredentials } from './account-form.js';
import { AccountForm } from './AccountForm.js';
import { carriersApi, type CarrierAccount, type CarrierDriverInfo } from './carriers-api.js';
import { driverFieldLabel } from './field-label.js';

const MODE_COLOURS = { sandbox: 'purple', test: 'orange', live: 'green' } as const;

interface Props {
  accounts: CarrierAccount[];
  drivers: CarrierDriverInfo[];
  loading: boolean;
  canEdit: boolean;
  onChanged(): void;
}

/** The carrier accounts: carrier, products the driver offers, sandbox or live, state; create, change, delete unused. */
export function AccountsTab({ accounts, drivers, loading, canEdit, onChanged }: Props) {
  const { t } = useTranslation();
  const mobile = useLayout((s) => s.device === 'mobile');
  const [editing, setEditing] = useState<CarrierAccount | 'new' | null>(null);
  const driverOf = (code: string) => drivers.find((d) => d.code === code);

  const remove = (account: CarrierAccount) =>
    carriersApi.deleteAccount(account.id).then(
      () => {
        notify((n) => n.success(t('carriers.accounts.deleted')));
        onChanged();
      },
      () => undefined,
    );

  const state = (a: CarrierAccount) => {
    const missing = missingCredentials(a, driverOf(a.carrier));
    return (
      <Space orientation="vertical" size={2}>
        <Space size={4} wrap>
          <Tag color={MODE_COLOURS[accountMode(a, driverOf(a.carrier))]}>{t(`carriers.accounts.modes.${accountMode(a, driverOf(a.carrier))}`)}</Tag>
          <Tag color={a.active ? 'green' : 'default'}>{a.active ? t('carriers.accounts.active') : t('carriers.accounts.inactive')}</Tag>
        </Space>
        {missing.length > 0 && (
          <Typography.Text type="warning" style={{ fontSize: 12 }}>
            {t('carriers.accounts.missingCredentials', { fields: missing.map((f) => driverFieldLabel(t, f)).join(', ') })}
          </Typography.Text>
        )}
      </Space>
    );
  };
  const products = (a: CarrierAccount) => (
    <Space size={[4, 4]} wrap>
      {(driverOf(a.carrier)?.products ?? []).map((p) => (
        <Tag key={p.code} title={`${p.code} · ≤ ${p.maxWeightKg} kg · ${p.zones.map((z) => t(`carriers.zones.${z}`)).join(', ')}`}>
          {p.name}
        </Tag>
      ))}
    </Space>
  );
  const actions = (a: CarrierAccount) =>
    canEdit && (
      <Space size={4}>
        <Button size="small" icon={<EditOutlined />} onClick={() => setEditing(a)} data-testid={`carrier-account-edit-${a.id}`}>
          {t('carriers.edit')}
        </Button>
        <Popconfirm title={t('carriers.accounts.deleteConfirm', { name: a.name })} onConfirm={() => remove(a)}>
          <Button size="small" danger icon={<DeleteOutlined />} data-testid={`carrier-account-delete-${a.id}`}>
            {t('carriers.delete')}
          </Button>
        </Popconfirm>
      </Space>
    );
  const name = (a: CarrierAccount) => (
    <Space orientation="vertical" size={0}>
      <Typography.Text strong>{a.name}</Typography.Text>
      <Typography.Text type="secondary">{t(`carriers.carrierNames.${a.carrier}`)}</Typography.Text>
    </Space>
  );

  const columns = mobile
    ? [
        {
          key: 'line',
          title: t('carriers.accounts.name'),
          render: (_: unknown, a: CarrierAccount) => (
            <Space orientation="vertical" size={4}>
              {name(a)}
              {state(a)}
              {actions(a)}
            </Space>
          ),
        },
      ]
    : [
        { key: 'name', title: t('carriers.accounts.name'), width: 220, render: (_: unknown, a: CarrierAccount) => name(a) },
        { key: 'products', title: t('carriers.accounts.products'), render: (_: unknown, a: CarrierAccount) => products(a) },
        { key: 'state', title: t('carriers.accounts.state'), width: 220, render: (_: unknown, a: CarrierAccount) => state(a) },
        { key: 'actions', width: 190, render: (_: unknown, a: CarrierAccount) => actions(a) },
      ];

  return (
    <div data-testid="carrier-accounts">
      {canEdit && (
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} style={{ marginBottom: 12 }} data-testid="carrier-account-new">
          {t('carriers.accounts.new')}
        </Button>
      )}
      <Table<CarrierAccount>
        size="small"
        rowKey="id"
        loading={loading}
        dataSource={accounts}
        columns={columns}
        pagination={false}
        // Fixed widths: the products column takes the rest and wraps its tags, so the actions stay in view.
        tableLayout="fixed"
        data-testid="carrier-accounts-table"
      />
      <AccountForm
        editing={editing}
        drivers={drivers}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          onChanged();
        }}
      />
    </div>
  );
}
