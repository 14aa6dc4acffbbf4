import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLayout } from '../../layout/store.js';
import { notify } from '../../notify/queue.js';
import { carriersApi, type CarrierAccount, type CarrierDriverInfo, type CarrierRule } from './carriers-api.js';
import { inResolutionOrder } from './rule-order.js';
import { RuleForm } from './RuleForm.js';

interface Props {
  rules: CarrierRule[];
  accounts: CarrierAccount[];
  drivers: CarrierDriverInfo[];
  merchants: Array<{ id: number; name: string }>;
  loading: boolean;
  canEdit: boolean;
  onChanged(): void;
}

/** The rules in the order they are weighed: the first matching row of an order's carrier text wins. */
export function RulesTab({ rules, accounts, drivers, merchants, loading, canEdit, onChanged }: Props) {
  const { t } = useTranslation();
  const mobile = useLayout((s) => s.device === 'mobile');
  const [editing, setEditing] = useState<CarrierRule | 'new' | null>(null);
  const productName = (r: CarrierRule) =>
    r.product ? (drivers.find((d) => d.code === r.carrier)?.products.find((p) => p.code === r.product)?.name ?? r.product) : t('carriers.rules.firstProduct');
  const any = (value: string | null | undefined, anyKey: string) => value || <Typography.Text type="secondary">{t(anyKey)}</Typography.Text>;

  const remove = (rule: CarrierRule) =>
    carriersApi.deleteRule(rule.id).then(
      () => {
        notify((n) => n.success(t('carriers.rules.deleted')));
        onChanged();
      },
      () => undefined,
    );
  const actions = (r: CarrierRule) =>
    canEdit && (
      <Space size={4}>
        <Button size="small" icon={<EditOutlined />} onClick={() => setEditing(r)} data-testid={`carrier-rule-edit-${r.id}`}>
          {t('carriers.edit')}
        </Button>
        <Popconfirm title={t('carriers.rules.deleteConfirm')} onConfirm={() => remove(r)}>
          <Button size="small" danger icon={<DeleteOutlined />} data-testid={`carrier-rule-delete-${r.id}`}>
            {t('carriers.delete')}
          </Button>
        </Popconfirm>
      </Space>
    );
  const target = (r: CarrierRule) => (
    <Space orientation="vertical" size={0}>
      <Typography.Text strong>{r.accountName}</Typography.Text>
      <span>{productName(r)}</span>
      {r.exportReason !== 'COMMERCIAL_GOODS' && (
        <Typography.Text type="secondary">
          {t('carriers.rules.exportReason')}: {t(`carriers.exportReasons.${r.exportReason}`)}
        </Typography.Text>
      )}
      {r.services.length > 0 && (
        <Space size={[4, 4]} wrap>
          {r.services.map((s) => (
            <Tag key={s}>{s}</Tag>
          ))}
        </Space>
      )}
    </Space>
  );
  const serves = (r: CarrierRule) =>
    [r.orderCarrier || t('carriers.rules.noCarrier'), r.merchantName ?? t('carriers.rules.anyMerchant'), r.country ?? t('carriers.rules.anyCountry')].join(
      ' · ',
    );

  const full: ColumnsType<CarrierRule> = [
    { key: 'orderCarrier', title: t('carriers.rules.orderCarrier'), width: 110, render: (_, r) => any(r.orderCarrier, 'carriers.rules.noCarrier') },
    { key: 'merchant', title: t('carriers.rules.merchant'), width: 160, render: (_, r) => any(r.merchantName, 'carriers.rules.anyMerchant') },
    { key: 'country', title: t('carriers.rules.country'), width: 90, render: (_, r) => any(r.country, 'carriers.rules.anyCountry') },
    { key: 'orderService', title: t('carriers.rules.orderService'), width: 110, render: (_, r) => any(r.orderService, 'carriers.rules.anyService') },
    { key: 'target', title: t('carriers.rules.target'), render: (_, r) => target(r) },
    { key: 'priority', dataIndex: 'priority', title: t('carriers.rules.priority'), width: 90, align: 'right' },
    { key: 'actions', width: 200, render: (_, r) => actions(r) },
  ];
  const line: ColumnsType<CarrierRule> = [
    {
      key: 'line',
      title: t('carriers.rules.title'),
      render: (_, r) => (
        <Space orientation="vertical" size={4}>
          <Typography.Text type="secondary">{serves(r)}</Typography.Text>
          {target(r)}
          <span>
            {t('carriers.rules.priority')}: {r.priority}
          </span>
          {actions(r)}
        </Space>
      ),
    },
  ];

  return (
    <div data-testid="carrier-rules">
      <Typography.Paragraph type="secondary">{t('carriers.rules.hint')}</Typography.Paragraph>
      {canEdit && (
        <Button
          type="primary"
          icon={<PlusOutlined />}
          disabled={!accounts.length}
          onClick={() => setEditing('new')}
          style={{ marginBottom: 12 }}
          data-testid="carrier-rule-new"
        >
          {t('carriers.rules.new')}
        </Button>
      )}
      <Table<CarrierRule>
        size="small"
        rowKey="id"
        loading={loading}
        dataSource={inResolutionOrder(rules)}
        columns={mobile ? line : full}
        pagination={false}
        scroll={mobile ? undefined : { x: 'max-content' }}
        data-testid="carrier-rules-table"
      />
      <RuleForm
        editing={editing}
        accounts={accounts}
        drivers={drivers}
        merchants={merchants}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          onChanged();
        }}
      />
    </div>
  );
}
