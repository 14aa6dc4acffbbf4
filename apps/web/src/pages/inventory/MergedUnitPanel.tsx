import type { ApiData } from '@kontor/contracts/api-responses';
import { InboxOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Input, InputNumber, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/request.js';
import { notify } from '../../notify/queue.js';
import { StatusTag } from '../../components/StatusTag.js';

/** A merged unit as `GET /v0/munits/any` answers it (its kind, place and contents when it exists). */
type UnitContents = ApiData<'GET /v0/munits/any'>;

/**
 * Work on one merged unit (issue 5 §5): scan its code to see what it holds and where, then pack loose
 * units of its compartment into it, move it with everything inside, or empty it. Each action is one
 * ledger-backed server operation; the contents are read again after it.
 */
export function MergedUnitPanel({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [unit, setUnit] = useState<UnitContents | null>(null);
  const [pack, setPack] = useState<{ item: string; batch: string; quantity: number | null }>({ item: '', batch: '', quantity: null });
  const [target, setTarget] = useState('');
  const [busy, setBusy] = useState(false);

  const load = async (value: string) => {
    const found = await api('GET /v0/munits/any', { params: { q: value.trim() } });
    setUnit(found.id ? found : null);
    if (!found.id) notify((n) => n.info(t('munit.notFound', { code: value.trim() })));
  };
  const act = async (route: 'POST /v0/munits/pack' | 'POST /v0/munits/move' | 'POST /v0/munits/unpack', data: Record<string, unknown>, done: string) => {
    if (!unit) return;
    setBusy(true);
    try {
      setUnit(await api(route, { data: { unit: unit.code, ...data } }));
      notify((n) => n.success(t(done)));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card size="small" style={{ marginBottom: 12 }} data-testid="munit-panel">
      <Input.Search
        prefix={<InboxOutlined />}
        placeholder={t('munit.scan')}
        enterButton={t('munit.open')}
        value={code}
        onChange={(e) => setCode(e.target.value)}
        onSearch={(value) => value.trim() && void load(value)}
        data-testid="munit-scan"
      />
      {unit && (
        <div style={{ marginTop: 12 }} data-testid="munit-contents">
          <Typography.Text strong>{unit.code}</Typography.Text> · {t(`munit.kind.${unit.kind ?? 'box'}`)} ·{' '}
          <span data-testid="munit-compartment">{unit.compartment}</span>
          <Table
            size="small"
            rowKey={(r) => `${r.sku}|${r.batch}|${r.status}`}
            pagination={false}
            dataSource={unit.items ?? []}
            locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('munit.empty')} /> }}
            columns={[
              { title: t('inventory.sku'), dataIndex: 'sku' },
              { title: t('inventory.batch'), dataIndex: 'batch', render: (b: string) => b || '—' },
              { title: t('inventory.status'), dataIndex: 'status', render: (s: number) => <StatusTag status={s} /> },
              { title: t('inventory.quantity'), dataIndex: 'quantity', align: 'right' },
            ]}
            style={{ marginTop: 8 }}
          />
          {canEdit && (
            <Space direction="vertical" style={{ marginTop: 12, width: '100%' }}>
              <Space wrap>
                <Input
                  placeholder={t('inventory.itemCode')}
                  value={pack.item}
                  onChange={(e) => setPack({ ...pack, item: e.target.value })}
                  data-testid="munit-pack-item"
                />
                <Input
                  placeholder={t('inventory.batch')}
                  value={pack.batch}
                  onChange={(e) => setPack({ ...pack, batch: e.target.value })}
                  style={{ width: 120 }}
                />
                <InputNumber
                  min={1}
                  precision={0}
                  placeholder={t('inventory.quantity')}
                  value={pack.quantity}
                  onChange={(q) => setPack({ ...pack, quantity: q })}
                  data-testid="munit-pack-quantity"
                />
                <Button
                  loading={busy}
                  disabled={!pack.item.trim() || !pack.quantity}
                  onClick={() =>
                    void act('POST /v0/munits/pack', { item: pack.item.trim(), batch: pack.batch.trim(), quantity: pack.quantity }, 'munit.packed')
                  }
                  data-testid="munit-pack"
                >
                  {t('munit.pack')}
                </Button>
              </Space>
              <Space wrap>
                <Input placeholder={t('inventory.toCompartment')} value={target} onChange={(e) => setTarget(e.target.value)} data-testid="munit-move-to" />
                <Button
                  loading={busy}
                  disabled={!target.trim()}
                  onClick={() => void act('POST /v0/munits/move', { toCompartment: target.trim().toUpperCase() }, 'munit.moved')}
                  data-testid="munit-move"
                >
                  {t('munit.move')}
                </Button>
                <Button
                  loading={busy}
                  disabled={!unit.items?.length}
                  onClick={() => void act('POST /v0/munits/unpack', {}, 'munit.unpacked')}
                  data-testid="munit-unpack"
                >
                  {t('munit.unpack')}
                </Button>
              </Space>
            </Space>
          )}
        </div>
      )}
    </Card>
  );
}
