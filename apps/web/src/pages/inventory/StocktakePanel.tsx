import { PlusOutlined } from '@ant-design/icons';
import { stockCountCreateSchema } from '@kontor/contracts/domains/inventory';
import { STOCKTAKE_APPROVE } from '@kontor/contracts/permissions';
import { Button, Card, Form, Input, Select, Space, Table, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { request } from '../../api/request.js';
import { useSchemaRules } from '../../forms/schema-rules.js';
import { formatDateTime } from '../../lib/format.js';
import { useCan } from '../../masks/can.js';
import { stocktakes, type CountSummary } from './inventory-api.js';
import { StocktakeSheet } from './StocktakeSheet.js';
import { CountStateTag } from '../../components/StatusTag.js';

type Option = { value: number; label: string };

/** Compartments of one warehouse, searched by code as the user types. */
function useCompartmentOptions(warehouseId: number | undefined, search: string) {
  const [options, setOptions] = useState<Option[]>([]);
  useEffect(() => {
    if (!warehouseId) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      request<{ data: Array<{ id: number; code: string }> }>({
        url: '/v0/compartments/',
        params: { warehouseId, q: search || undefined, l: 100, s: 'code', d: 'asc' },
        quiet: true,
        signal: controller.signal,
      }).then(
        (page) => setOptions(page.data.map((c) => ({ value: c.id, label: c.code }))),
        () => undefined,
      );
    }, 200);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [warehouseId, search]);
  return options;
}

/**
 * The stocktaking tab (issue 5 §5): start a count of chosen compartments, the recent counts, and the
 * count sheet of the one opened. Counting needs wms.stocktake.edit, approving wms.stocktake.approve.
 */
export function StocktakePanel() {
  const { t } = useTranslation();
  const canApprove = useCan()(STOCKTAKE_APPROVE);
  const [form] = Form.useForm<{ warehouseId?: number; compartmentIds?: number[]; note?: string }>();
  const rulesOf = useSchemaRules(stockCountCreateSchema);
  const [warehouses, setWarehouses] = useState<Option[]>([]);
  const [search, setSearch] = useState('');
  const warehouseId = Form.useWatch('warehouseId', form);
  const compartments = useCompartmentOptions(warehouseId, search);
  const [counts, setCounts] = useState<CountSummary[] | null>(null);
  const [opened, setOpened] = useState<number | null>(null);
  const [reloads, setReloads] = useState(0);
  const [starting, setStarting] = useState(false);

  useEffect(() => {
    request<{ data: Array<{ id: number; code: string }> }>({ url: '/v0/warehouses/', params: { l: 100 } }).then(
      (page) => {
        setWarehouses(page.data.map((w) => ({ value: w.id, label: w.code })));
        if (page.data.length === 1) form.setFieldsValue({ warehouseId: page.data[0]!.id });
      },
      () => undefined,
    );
  }, [form]);
  useEffect(() => {
    stocktakes.list().then(setCounts, () => setCounts([]));
  }, [reloads]);

  const start = async () => {
    const v = await form.validateFields();
    setStarting(true);
    try {
      const count = await stocktakes.create(v.warehouseId!, v.compartmentIds!, v.note ?? '');
      form.setFieldsValue({ compartmentIds: [], note: '' });
      setOpened(count.id);
      setReloads((n) => n + 1);
    } finally {
      setStarting(false);
    }
  };

  return (
    <div data-testid="stocktake-panel">
      <Card size="small" title={t('stocktake.new')} style={{ marginBottom: 12 }}>
        <Form form={form} layout="inline" style={{ rowGap: 8 }} onFinish={() => void start().catch(() => undefined)}>
          <Form.Item name="warehouseId" rules={rulesOf('warehouseId', t('inventory.warehouse'))}>
            <Select placeholder={t('inventory.warehouse')} options={warehouses} style={{ width: 120 }} data-testid="stocktake-warehouse" />
          </Form.Item>
          <Form.Item
            name="compartmentIds"
            rules={rulesOf('compartmentIds', t('stocktake.compartments'), { messages: { required: t('stocktake.chooseCompartments') } })}
          >
            <Select
              mode="multiple"
              placeholder={t('stocktake.compartments')}
              options={compartments}
              showSearch={{ filterOption: false, onSearch: setSearch }}
              style={{ minWidth: 260, maxWidth: '100%' }}
              data-testid="stocktake-compartments"
            />
          </Form.Item>
          <Form.Item name="note">
            <Input placeholder={t('inventory.note')} style={{ width: 200 }} maxLength={500} />
          </Form.Item>
          <Button type="primary" htmlType="submit" icon={<PlusOutlined />} loading={starting} data-testid="stocktake-start">
            {t('stocktake.start')}
          </Button>
        </Form>
      </Card>
      {opened !== null && <StocktakeSheet id={opened} canApprove={canApprove} onChanged={() => setReloads((n) => n + 1)} onClose={() => setOpened(null)} />}
      <Typography.Title level={5}>{t('stocktake.recent')}</Typography.Title>
      <Table<CountSummary>
        rowKey="id"
        size="small"
        loading={!counts}
        dataSource={counts ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        data-testid="stocktake-list"
        columns={[
          { key: 'id', title: t('stocktake.number'), dataIndex: 'id', width: 80 },
          { key: 'warehouse', title: t('inventory.warehouse'), dataIndex: 'warehouse', width: 90 },
          { key: 'status', title: t('inventory.status'), dataIndex: 'status', width: 110, render: (s: CountSummary['status']) => <CountStateTag status={s} /> },
          {
            key: 'compartments',
            title: t('stocktake.compartments'),
            dataIndex: 'compartmentIds',
            width: 120,
            render: (ids: number[]) => t('stocktake.compartmentCount', { count: ids.length }),
          },
          { key: 'note', title: t('inventory.note'), dataIndex: 'note', ellipsis: true },
          { key: 'createdAt', title: t('stocktake.started'), dataIndex: 'createdAt', width: 160, render: formatDateTime },
          { key: 'postedAt', title: t('stocktake.posted'), dataIndex: 'postedAt', width: 160, render: formatDateTime },
          {
            key: 'open',
            width: 90,
            render: (_: unknown, c) => (
              <Space>
                <Button size="small" onClick={() => setOpened(c.id)} data-testid={`stocktake-open-${c.id}`}>
                  {t('stocktake.open')}
                </Button>
              </Space>
            ),
          },
        ]}
      />
    </div>
  );
}
