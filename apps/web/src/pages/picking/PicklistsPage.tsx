import { PICKLIST, PICKLIST_OPEN } from '@kontor/contracts';
import { Button, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useListQuery } from '../../api/use-list-query.js';
import { DocNo } from '../../components/DocNo.js';
import { ListScaffold } from '../../components/list/ListScaffold.js';
import { StateTag, useStateLabel } from '../../components/StateTag.js';
import { useLayout } from '../../layout/store.js';
import { formatDateTime } from '../../lib/format.js';
import { CreatePicklistDialog } from './CreatePicklistDialog.js';
import { PicklistDrawer } from './PicklistDrawer.js';
import { pickingApi, type PicklistRow } from './picking-api.js';

const OPEN_CODES = PICKLIST_OPEN.map((s) => PICKLIST.codeOf(s));
/** The chips: open (the default), the states a wave passes through, and all. */
const CHIP_STATES = ['readyToPick', 'picklistPrinted', 'inProcess', 'packingCompleted', 'canceled'] as const;

interface Filters {
  q?: string;
  status?: number[];
}

/**
 * `/wEP/pick2C` (issue 18 item 5): picklists newest first with status chips and search, the create
 * dialog (rules and presets) and the picklist drawer.
 */
export default function PicklistsPage() {
  const { t } = useTranslation();
  const mobile = useLayout((s) => s.device === 'mobile');
  const stateLabel = useStateLabel(PICKLIST);
  const [filters, setFilters] = useState<Filters>({ status: OPEN_CODES });
  const [open, setOpen] = useState<number | null>(null);
  const [creating, setCreating] = useState(false);
  const list = useListQuery('picklists', pickingApi.list, filters as Record<string, unknown>);
  const same = (codes: number[]) => JSON.stringify(filters.status ?? []) === JSON.stringify(codes);

  const number = (row: PicklistRow) => (
    <Typography.Link strong onClick={() => setOpen(row.id)} data-testid="picklist-open">
      <DocNo>{row.unid}</DocNo>
    </Typography.Link>
  );
  const urgent = (row: PicklistRow) => (row.priority >= 3 ? <Tag color="error">{t('picking.urgent')}</Tag> : null);
  const full: ColumnsType<PicklistRow> = [
    { key: 'unid', title: t('picking.number'), width: 150, fixed: 'left', render: (_: unknown, row) => number(row) },
    { key: 'status', title: t('picking.status'), width: 170, render: (_: unknown, row) => <StateTag machine={PICKLIST} code={row.status} /> },
    { key: 'type', title: t('picking.type'), width: 150, render: (_: unknown, row) => t(`picking.types.${row.type}`) },
    { key: 'priority', title: t('picking.priority'), width: 90, render: (_: unknown, row) => urgent(row) ?? row.priority },
    { key: 'carrier', dataIndex: 'carrier', title: t('picking.carrier'), width: 100, render: (v: string) => v || t('picking.mixed') },
    {
      key: 'merchantName',
      dataIndex: 'merchantName',
      title: t('picking.merchant'),
      width: 170,
      ellipsis: true,
      render: (v: string) => v || t('picking.mixed'),
    },
    { key: 'orderCount', dataIndex: 'orderCount', title: t('picking.orders'), width: 80, align: 'right' },
    { key: 'units', title: t('picking.picked'), width: 110, align: 'right', render: (_: unknown, row) => `${row.itemQtyPicked} / ${row.itemQty}` },
    { key: 'createdAt', dataIndex: 'createdAt', title: t('picking.created'), width: 150, render: (v: string) => formatDateTime(v) },
  ];
  const line: ColumnsType<PicklistRow>[number] = {
    key: 'line',
    title: t('picking.number'),
    render: (_: unknown, row) => (
      <div style={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 2 }}>
        <Space size={8} wrap>
          {number(row)}
          <StateTag machine={PICKLIST} code={row.status} />
          {urgent(row)}
        </Space>
        <Typography.Text type="secondary">
          {[t(`picking.types.${row.type}`), row.carrier, `${row.orderCount} ${t('picking.orders')}`, `${row.itemQtyPicked} / ${row.itemQty}`]
            .filter(Boolean)
            .join(' · ')}
        </Typography.Text>
      </div>
    ),
  };
  const chip = (key: string, text: string, codes: number[]) => (
    <Tag.CheckableTag
      key={key}
      checked={same(codes)}
      onChange={() => setFilters({ ...filters, status: codes.length ? codes : undefined })}
      data-testid={`picklist-chip-${key}`}
      style={{ marginInlineEnd: 0, border: '1px solid rgba(5, 5, 5, 0.1)' }}
    >
      {text}
    </Tag.CheckableTag>
  );

  return (
    <ListScaffold
      id="picklists"
      testId="picklists-page"
      list={list}
      columns={mobile ? [line] : full}
      search={{ placeholder: t('picking.search'), onSearch: (q) => setFilters({ ...filters, q }) }}
      filters={
        <Button type="primary" onClick={() => setCreating(true)} data-testid="picklist-create">
          {t('picking.create')}
        </Button>
      }
      aboveTable={
        <Space size={[8, 8]} wrap style={{ marginBottom: 12 }} data-testid="picklist-chips">
          {chip('open', t('picking.allOpen'), OPEN_CODES)}
          {CHIP_STATES.map((s) => chip(s, stateLabel(PICKLIST.codeOf(s)), [PICKLIST.codeOf(s)]))}
          {chip('all', t('picking.all'), [])}
        </Space>
      }
    >
      <CreatePicklistDialog open={creating} onClose={() => setCreating(false)} onCreated={(ids) => ids[0] !== undefined && setOpen(ids[0])} />
      <PicklistDrawer id={open} onClose={() => setOpen(null)} />
    </ListScaffold>
  );
}
