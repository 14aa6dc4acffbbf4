import { PrinterOutlined } from '@ant-design/icons';
import { OUTBOUND_ORDER } from '@kontor/contracts/status/outbound';
import { Button, DatePicker, Input, Select, Space, Typography, message } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { staticUrl } from '../../api/static-url.js';
import { useListQuery } from '../../api/use-list-query.js';
import { DocNo } from '../../components/DocNo.js';
import { ListScaffold } from '../../components/list/ListScaffold.js';
import { StateTag } from '../../components/StateTag.js';
import { useLayout } from '../../layout/store.js';
import { formatDateTime, na } from '../../lib/format.js';
import { packingApi, type PackLogRow } from './packing-api.js';

interface Filters {
  q?: string;
  station?: string;
  userId?: number;
  from?: string;
  to?: string;
}

const materialsText = (row: PackLogRow) => row.materials.map((m) => (m.quantity > 1 ? `${m.sku} × ${m.quantity}` : m.sku)).join(', ');
const weightText = (row: PackLogRow) => (row.weightKg === null ? na() : `${row.weightKg} kg`);

/**
 * `/wEP/packlist` [p11y.packlist.list] (issue 18 item 5, docs/packing.md): every packed parcel, newest
 * first, with order, station, packer, time, materials and weight; filtered by station, packer and day;
 * a parcel's label is printed again on the user's print station (or opened when none is online).
 */
export default function PacklistPage() {
  const { t } = useTranslation();
  const mobile = useLayout((s) => s.device === 'mobile');
  const [filters, setFilters] = useState<Filters>({});
  const list = useListQuery('packing-log', packingApi.log, filters as Record<string, unknown>);
  // The packers on the page (and the one chosen): the filter offers who has packed, without a user directory call.
  const [chosen, setChosen] = useState<{ id: number; name: string } | null>(null);
  const packers = new Map(list.rows.filter((r) => r.userId !== null).map((r) => [r.userId!, r.userName] as [number, string]));
  if (chosen) packers.set(chosen.id, chosen.name);
  const set = (patch: Filters) => setFilters((f) => ({ ...f, ...patch }));

  const reprint = async (row: PackLogRow) => {
    const label = await packingApi.reprint(row.id);
    if (label.printed) void message.success(t('packing.list.reprinted'));
    else if (label.labelUrl) {
      window.open(staticUrl(label.labelUrl), '_blank', 'noopener');
      void message.info(t('packing.list.labelOpened'));
    }
  };
  const reprintButton = (row: PackLogRow) => (
    <Button size="small" icon={<PrinterOutlined />} onClick={() => void reprint(row)} data-testid="packlist-reprint" aria-label={t('packing.list.reprint')}>
      {mobile ? null : t('packing.list.reprint')}
    </Button>
  );

  const full: ColumnsType<PackLogRow> = [
    {
      key: 'order',
      title: t('packing.list.order'),
      width: 150,
      fixed: 'left',
      render: (_: unknown, row) => (
        <Space direction="vertical" size={0}>
          <DocNo>{row.orderUnid}</DocNo>
          <StateTag machine={OUTBOUND_ORDER} code={row.orderStatus} />
        </Space>
      ),
    },
    { key: 'merchant', dataIndex: 'merchantName', title: t('packing.list.merchant'), width: 120, ellipsis: true },
    { key: 'parcel', title: t('packing.list.parcel'), width: 60, align: 'right', render: (_: unknown, row) => row.parcelIndex + 1 },
    { key: 'units', dataIndex: 'units', title: t('packing.list.units'), width: 60, align: 'right' },
    { key: 'station', dataIndex: 'station', title: t('packing.list.station'), width: 100, render: (v: string) => v || na() },
    { key: 'user', dataIndex: 'userName', title: t('packing.list.user'), width: 120, ellipsis: true },
    { key: 'time', dataIndex: 'createdAt', title: t('packing.list.time'), width: 140, render: (v: string) => formatDateTime(v) },
    { key: 'materials', title: t('packing.list.materials'), width: 100, ellipsis: true, render: (_: unknown, row) => materialsText(row) || na() },
    { key: 'weight', title: t('packing.list.weight'), width: 80, align: 'right', render: (_: unknown, row) => weightText(row) },
    {
      key: 'tracking',
      title: t('packing.list.tracking'),
      width: 140,
      ellipsis: true,
      render: (_: unknown, row) => row.shipBundle.split('\n').filter(Boolean).join(', ') || na(),
    },
    { key: 'reprint', title: '', width: 130, fixed: 'right', render: (_: unknown, row) => reprintButton(row) },
  ];
  // On a phone one column tells the parcel; the reprint stays beside it.
  const line: ColumnsType<PackLogRow>[number] = {
    key: 'line',
    title: t('packing.list.order'),
    render: (_: unknown, row) => (
      <div style={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Space size={6} wrap>
          <DocNo>{row.orderUnid}</DocNo>
          <StateTag machine={OUTBOUND_ORDER} code={row.orderStatus} />
        </Space>
        <Typography.Text type="secondary">{[row.station, row.userName, formatDateTime(row.createdAt)].filter(Boolean).join(' · ')}</Typography.Text>
        <Typography.Text type="secondary">{[materialsText(row), row.weightKg === null ? '' : weightText(row)].filter(Boolean).join(' · ')}</Typography.Text>
      </div>
    ),
  };
  const columns = mobile ? [line, full.at(-1)!] : full;

  return (
    <ListScaffold
      id="packlist"
      testId="packlist"
      list={list}
      columns={columns}
      scrollX={mobile ? undefined : 'max-content'}
      foldOnMobile={{ chosen: [filters.station, filters.userId, filters.from || filters.to].filter(Boolean).length }}
      search={{ placeholder: t('packing.list.search'), onSearch: (q) => set({ q: q || undefined }) }}
      filters={
        <>
          <Input
            allowClear
            placeholder={t('packing.list.station')}
            style={{ width: 140 }}
            onChange={(e) => set({ station: e.target.value.trim() || undefined })}
            data-testid="packlist-filter-station"
          />
          <Select
            allowClear
            placeholder={t('packing.list.user')}
            style={{ minWidth: 150 }}
            value={filters.userId}
            onChange={(v?: number) => {
              setChosen(v ? { id: v, name: packers.get(v) ?? String(v) } : null);
              set({ userId: v });
            }}
            options={[...packers].map(([value, label]) => ({ value, label }))}
            data-testid="packlist-filter-user"
          />
          <DatePicker.RangePicker
            allowEmpty={[true, true]}
            placeholder={[t('packing.list.from'), t('packing.list.to')]}
            value={[filters.from ? dayjs(filters.from) : null, filters.to ? dayjs(filters.to) : null]}
            onChange={(range) => {
              const [a, b] = range ?? [];
              set({ from: a?.format('YYYY-MM-DD'), to: b?.format('YYYY-MM-DD') });
            }}
            style={{ width: mobile ? 240 : 260 }}
            data-testid="packlist-filter-date"
          />
        </>
      }
    />
  );
}
