import { PlusOutlined } from '@ant-design/icons';
import { Button, Select, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useListQuery } from '../../api/use-list-query.js';
import { ListScaffold } from '../../components/list/ListScaffold.js';
import { phoneLine } from '../../components/list/phone-line.js';
import { formatMoney } from '../../lib/format.js';
import { useCan } from '../../masks/can.js';
import { fromCents, gateApi, type GateUser } from './gate-api.js';
import { GateUserDrawer } from './GateUserDrawer.js';

interface Filters {
  q?: string;
  active?: 'true' | 'false';
}

/**
 * `/carriergate/users` (issue 17 item 8): the companies that buy labels through Kontor's carrier gate
 * with an API key, their margin and allowed carriers; the drawer edits one and manages its keys.
 */
export default function GateUsersPage() {
  const { t, i18n } = useTranslation();
  const canEdit = useCan()('c5r.users.edit');
  const [filters, setFilters] = useState<Filters>({});
  const [drawer, setDrawer] = useState<{ open: boolean; user: GateUser | null }>({ open: false, user: null });
  const list = useListQuery('gate-users', gateApi.users, filters as Record<string, unknown>);

  const margin = (u: GateUser) =>
    [
      u.marginBp ? `${(u.marginBp / 100).toLocaleString(i18n.language)} %` : '',
      u.marginFixedMinor ? formatMoney(fromCents(u.marginFixedMinor), u.currency, i18n.language) : '',
    ]
      .filter(Boolean)
      .join(' + ') || '0';
  const company = (u: GateUser) => (
    <Typography.Link strong onClick={() => setDrawer({ open: true, user: u })} data-testid="gate-user-open">
      {u.company}
    </Typography.Link>
  );
  const state = (u: GateUser) => (u.active ? <Tag color="green">{t('gate.active')}</Tag> : <Tag>{t('gate.inactive')}</Tag>);

  const full: ColumnsType<GateUser> = [
    { key: 'company', title: t('gate.company'), width: 210, ellipsis: true, render: (_: unknown, u) => company(u) },
    {
      key: 'contact',
      title: t('gate.contact'),
      width: 210,
      ellipsis: true,
      render: (_: unknown, u) => (
        <div style={{ display: 'flex', flexDirection: 'column' }}>
          <span>{u.contact}</span>
          <Typography.Text type="secondary">{u.email}</Typography.Text>
        </div>
      ),
    },
    { key: 'city', title: t('gate.city'), width: 130, ellipsis: true, render: (_: unknown, u) => `${u.address.country} ${u.address.city}` },
    { key: 'margin', title: t('gate.margin'), width: 140, render: (_: unknown, u) => margin(u) },
    {
      key: 'carriers',
      title: t('gate.carriers'),
      width: 150,
      render: (_: unknown, u) => (u.carriers.length ? u.carriers.map((c) => <Tag key={c}>{c.toUpperCase()}</Tag>) : t('gate.allCarriers')),
    },
    { key: 'activeKeys', dataIndex: 'activeKeys', title: t('gate.keys'), width: 80, align: 'right' },
    { key: 'labels', dataIndex: 'labels', title: t('gate.labels'), width: 80, align: 'right' },
    { key: 'active', title: t('gate.state'), width: 100, render: (_: unknown, u) => state(u) },
  ];
  // On a phone one column names the user, its state and figures.
  const line = phoneLine<GateUser>(t('gate.company'), (u) => (
    <>
      <Space size={8} wrap>
        {company(u)}
        {state(u)}
      </Space>
      <Typography.Text type="secondary">
        {[u.contact, `${u.address.country} ${u.address.city}`, `${t('gate.margin')} ${margin(u)}`].filter(Boolean).join(' · ')}
      </Typography.Text>
      <Typography.Text type="secondary">
        {t('gate.keys')}: {u.activeKeys} · {t('gate.labels')}: {u.labels}
      </Typography.Text>
    </>
  ));

  return (
    <ListScaffold
      id="gate-users"
      testId="gate-users-page"
      list={list}
      columns={full}
      phoneColumns={[line]}
      tableLayout="fixed"
      scrollX={1080}
      search={{ placeholder: t('gate.search'), width: 300, onSearch: (q) => setFilters({ ...filters, q }) }}
      filters={
        <Space wrap>
          <Select
            allowClear
            placeholder={t('gate.state')}
            style={{ minWidth: 140 }}
            value={filters.active}
            onChange={(active?: 'true' | 'false') => setFilters({ ...filters, active })}
            options={[
              { value: 'true', label: t('gate.active') },
              { value: 'false', label: t('gate.inactive') },
            ]}
            data-testid="gate-users-filter-active"
          />
          {canEdit && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setDrawer({ open: true, user: null })} data-testid="gate-user-create">
              {t('gate.newUser')}
            </Button>
          )}
        </Space>
      }
    >
      <GateUserDrawer
        open={drawer.open}
        user={drawer.user}
        onClose={() => setDrawer({ open: false, user: null })}
        onSaved={(user) => setDrawer({ open: true, user })}
      />
    </ListScaffold>
  );
}
