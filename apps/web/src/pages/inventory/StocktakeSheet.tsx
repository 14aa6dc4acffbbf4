import { CheckOutlined, CloseOutlined, SaveOutlined } from '@ant-design/icons';
import { STOCK_STATUS } from '@kontor/contracts/domains/inventory';
import { Button, Card, Input, InputNumber, Select, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { request } from '../../api/request.js';
import { useLayout } from '../../layout/store.js';
import { notify } from '../../notify/queue.js';
import { findItem, stocktakes, type StockCount } from './inventory-api.js';
import { CountStateTag, StatusTag } from '../../components/StatusTag.js';
import { StocktakeUnits } from './StocktakeUnits.js';
import { na } from '../../lib/format.js';

/** One line of the count sheet: what is held (or was when counted) and what was counted. */
interface SheetLine {
  key: string;
  compartmentId: number;
  compartment: string;
  itemId: number;
  sku: string;
  itemName: string;
  batch: string;
  status: number;
  expected: number;
  counted: number | null;
  saved: boolean;
}

const keyOf = (l: { compartmentId: number; itemId: number; batch: string; status: number }) => `${l.compartmentId}|${l.itemId}|${l.batch}|${l.status}`;

/** Loose lines counted so far, then the loose stock of the counted compartments not yet counted (units are counted as one, below). */
function sheetOf(count: StockCount, added: SheetLine[]): SheetLine[] {
  const lines = new Map<string, SheetLine>();
  for (const l of count.lines) if (l.unitId === null) lines.set(keyOf(l), { ...l, key: keyOf(l), saved: true });
  for (const s of count.stock) {
    if (s.unitId !== null) continue;
    const key = keyOf(s);
    if (!lines.has(key)) lines.set(key, { ...s, key, expected: s.quantity, counted: null, saved: false });
  }
  for (const a of added) if (!lines.has(a.key)) lines.set(a.key, a);
  return [...lines.values()].sort((a, b) => a.compartment.localeCompare(b.compartment) || a.sku.localeCompare(b.sku) || a.batch.localeCompare(b.batch));
}

/** counted − expected, green above and red below what the books say. */
function Difference({ value }: { value: number | null }) {
  if (value === null) return <Typography.Text type="secondary">—</Typography.Text>;
  const type = value > 0 ? 'success' : value < 0 ? 'danger' : undefined;
  return (
    <Typography.Text type={type} strong={value !== 0} data-testid="count-difference">
      {value > 0 ? `+${value}` : value}
    </Typography.Text>
  );
}

interface Props {
  id: number;
  canApprove: boolean;
  onChanged(): void;
  onClose(): void;
}

/** The sheet of one count: counted quantities per line, lines added by scanning, differences, approval. */
export function StocktakeSheet({ id, canApprove, onChanged, onClose }: Props) {
  const { t } = useTranslation();
  const [count, setCount] = useState<StockCount | null>(null);
  const [drafts, setDrafts] = useState<Record<string, number | null>>({});
  const [added, setAdded] = useState<SheetLine[]>([]);
  const [codes, setCodes] = useState<Array<{ id: number; code: string }>>([]);
  const [scan, setScan] = useState<{ compartmentId?: number; item: string; batch: string }>({ item: '', batch: '' });
  const [busy, setBusy] = useState(false);
  const mobile = useLayout((s) => s.device === 'mobile');

  useEffect(() => {
    let alive = true;
    stocktakes.get(id).then(
      (c) => {
        if (!alive) return;
        setCount(c);
        setDrafts({});
        setAdded([]);
        return request<{ data: Array<{ id: number; code: string }> }>({ url: '/v0/compartments/', params: { id: c.compartmentIds, l: 500 }, quiet: true }).then(
          (page) => {
            if (!alive) return;
            setCodes(page.data);
            setScan((s) => ({ ...s, compartmentId: s.compartmentId ?? page.data[0]?.id }));
          },
        );
      },
      () => undefined,
    );
    return () => {
      alive = false;
    };
  }, [id]);

  const sheet = useMemo(() => (count ? sheetOf(count, added) : []), [count, added]);
  const open = count?.status === 'open';
  const countedOf = (line: SheetLine) => (line.key in drafts ? drafts[line.key]! : line.counted);
  const changed = sheet.filter((l) => l.key in drafts && drafts[l.key] !== null && drafts[l.key] !== l.counted);

  const run = async (work: () => Promise<StockCount>, done?: string) => {
    setBusy(true);
    try {
      const next = await work();
      setCount(next);
      setDrafts({});
      setAdded([]);
      if (done) notify((n) => n.success(done));
      onChanged();
    } finally {
      setBusy(false);
    }
  };
  const save = () =>
    stocktakes.count(
      id,
      changed.map((l) => ({ compartmentId: l.compartmentId, itemId: l.itemId, batch: l.batch, status: l.status, counted: drafts[l.key]! })),
    );
  const approve = () =>
    notify((n) =>
      n.confirm({
        title: t('stocktake.approve'),
        content: t('stocktake.approveConfirm'),
        okText: t('common.ok'),
        cancelText: t('common.cancel'),
        onOk: () =>
          run(async () => {
            if (changed.length) await save();
            return stocktakes.post(id);
          }, t('stocktake.posted')).catch(() => undefined),
      }),
    );

  /** A line for an item found in a compartment although the books hold none there. */
  const addLine = async () => {
    const compartment = codes.find((c) => c.id === scan.compartmentId);
    if (!compartment || !scan.item.trim()) return;
    const hit = await findItem(scan.item.trim());
    if (!hit.guid) return notify((n) => n.error(t('inventory.itemNotFound', { code: scan.item.trim() })));
    const line: SheetLine = {
      compartmentId: compartment.id,
      compartment: compartment.code,
      itemId: hit.id!,
      sku: hit.unid,
      itemName: hit.name ?? '',
      batch: scan.batch.trim(),
      status: STOCK_STATUS.valid,
      expected: 0,
      counted: null,
      saved: false,
      key: '',
    };
    line.key = keyOf(line);
    if (!sheet.some((l) => l.key === line.key)) setAdded((a) => [...a, line]);
    setDrafts((d) => ({ ...d, [line.key]: (d[line.key] ?? sheet.find((l) => l.key === line.key)?.counted ?? 0) + 1 }));
    setScan((s) => ({ ...s, item: '' }));
  };

  // On a phone one column names the line, so the counted quantity stays in view.
  const lineColumn: ColumnsType<SheetLine>[number] = {
    key: 'line',
    title: t('inventory.itemName'),
    render: (_: unknown, line) => (
      <div style={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start' }}>
        <strong>{line.sku}</strong>
        <Typography.Text type="secondary">
          {line.compartment} · {line.batch || na()}
        </Typography.Text>
        {line.status !== STOCK_STATUS.valid && <StatusTag status={line.status} />}
      </div>
    ),
  };
  const describing: ColumnsType<SheetLine> = [
    { key: 'compartment', title: t('inventory.compartment'), dataIndex: 'compartment', width: 110 },
    { key: 'sku', title: t('inventory.sku'), dataIndex: 'sku', width: 120 },
    { key: 'itemName', title: t('inventory.itemName'), dataIndex: 'itemName', width: 180, ellipsis: true },
    { key: 'batch', title: t('inventory.batch'), dataIndex: 'batch', width: 90, render: (b: string) => b || na() },
    { key: 'status', title: t('inventory.status'), dataIndex: 'status', width: 110, render: (s: number) => <StatusTag status={s} /> },
  ];
  if (!count) return <Card size="small" loading style={{ marginBottom: 12 }} />;
  return (
    <Card
      size="small"
      style={{ marginBottom: 12 }}
      title={
        <Space wrap>
          {t('stocktake.sheet', { id: count.id })}
          <CountStateTag status={count.status} />
        </Space>
      }
      extra={<Button type="text" icon={<CloseOutlined />} aria-label={t('stocktake.close')} onClick={onClose} />}
      data-testid="stocktake-sheet"
    >
      {open && (
        <Space wrap style={{ marginBottom: 12 }}>
          <Select
            value={scan.compartmentId}
            onChange={(v: number) => setScan((s) => ({ ...s, compartmentId: v }))}
            options={codes.map((c) => ({ value: c.id, label: c.code }))}
            style={{ width: 130 }}
            data-testid="count-add-compartment"
          />
          <Input
            placeholder={t('stocktake.scanItem')}
            value={scan.item}
            onChange={(e) => setScan((s) => ({ ...s, item: e.target.value }))}
            onPressEnter={() => void addLine().catch(() => undefined)}
            style={{ width: 200 }}
            data-testid="count-add-item"
          />
          <Input
            placeholder={t('inventory.batch')}
            value={scan.batch}
            onChange={(e) => setScan((s) => ({ ...s, batch: e.target.value }))}
            style={{ width: 110 }}
          />
          <Button onClick={() => void addLine().catch(() => undefined)}>{t('stocktake.addLine')}</Button>
        </Space>
      )}
      <StocktakeUnits
        count={count}
        open={open}
        compartmentId={scan.compartmentId}
        onCounted={(next) => {
          setCount(next);
          onChanged();
        }}
      />
      <Table<SheetLine>
        rowKey="key"
        size="small"
        dataSource={sheet}
        pagination={false}
        scroll={{ x: 'max-content' }}
        data-testid="count-lines"
        columns={[
          ...(mobile ? [lineColumn] : describing),
          { key: 'expected', title: t('stocktake.expected'), dataIndex: 'expected', align: 'right', width: mobile ? 56 : 90 },
          {
            key: 'counted',
            title: t('stocktake.counted'),
            width: mobile ? 80 : 120,
            render: (_: unknown, line) =>
              open ? (
                <InputNumber
                  min={0}
                  precision={0}
                  size="small"
                  value={countedOf(line)}
                  onChange={(v) => setDrafts((d) => ({ ...d, [line.key]: v }))}
                  style={{ width: mobile ? 64 : 96 }}
                  data-testid={`count-input-${line.compartment}-${line.sku}`}
                />
              ) : (
                (line.counted ?? '—')
              ),
          },
          {
            key: 'difference',
            title: t('stocktake.difference'),
            align: 'right',
            width: mobile ? 56 : 100,
            render: (_: unknown, line) => {
              const counted = countedOf(line);
              return <Difference value={counted === null || counted === undefined ? null : counted - line.expected} />;
            },
          },
        ]}
      />
      {open && (
        <Space wrap style={{ marginTop: 12 }}>
          <Button
            icon={<SaveOutlined />}
            disabled={!changed.length}
            loading={busy}
            onClick={() => void run(save, t('stocktake.saved')).catch(() => undefined)}
            data-testid="count-save"
          >
            {t('stocktake.save')}
          </Button>
          {canApprove && (
            <Button type="primary" icon={<CheckOutlined />} loading={busy} onClick={approve} data-testid="count-approve">
              {t('stocktake.approve')}
            </Button>
          )}
          <Button
            danger
            disabled={busy}
            onClick={() =>
              notify((n) =>
                n.confirm({
                  title: t('stocktake.cancel'),
                  content: t('stocktake.cancelConfirm'),
                  danger: true,
                  okText: t('common.ok'),
                  cancelText: t('common.cancel'),
                  onOk: () => run(() => stocktakes.cancel(id)).catch(() => undefined),
                }),
              )
            }
            data-testid="count-cancel"
          >
            {t('stocktake.cancel')}
          </Button>
          <Typography.Text type="secondary">{t('stocktake.hint')}</Typography.Text>
          {!canApprove && (
            <Typography.Text type="secondary" data-testid="count-awaits-approval">
              {t('stocktake.awaitsApproval')}
            </Typography.Text>
          )}
        </Space>
      )}
    </Card>
  );
}
