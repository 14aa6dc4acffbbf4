import { GATE_BILL } from '@kontor/contracts/status/gate-bill';
import { Button, Input, Modal, Space, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { invalidateDomains } from '../../api/query-client.js';
import { useListQuery } from '../../api/use-list-query.js';
import { StatusFilter } from '../../components/list/filters.js';
import { ListScaffold } from '../../components/list/ListScaffold.js';
import { phoneLine } from '../../components/list/phone-line.js';
import { StateTag, useStateOptions } from '../../components/StateTag.js';
import { formatMoney } from '../../lib/format.js';
import { useCan } from '../../masks/can.js';
import { notify } from '../../notify/queue.js';
import { fromCents, gateApi, lastMonth, type GateBill } from './gate-api.js';
import { GateBillDrawer } from './GateBillDrawer.js';

interface Filters {
  period?: string;
  status?: number[];
}

const PERIOD = /^20\d\d-(0[1-9]|1[0-2])$/;

/**
 * `/carriergate/bills` (issue 17 item 8): the gate users' monthly bills (labels at carrier cost plus
 * margin, in cents), filtered by month and status; building a month rebuilds its drafts.
 */
export default function GateBillsPage() {
  const { t, i18n } = useTranslation();
  const canEdit = useCan()('c5r.bills.edit');
  const statusOptions = useStateOptions(GATE_BILL);
  const [filters, setFilters] = useState<Filters>({});
  const [open, setOpen] = useState<number | null>(null);
  const [build, setBuild] = useState<{ open: boolean; period: string; busy: boolean }>({ open: false, period: lastMonth(), busy: false });
  // Two states only: both chosen is no filter, so the server takes one status.
  const params = { period: filters.period, status: filters.status?.length === 1 ? filters.status[0] : undefined };
  const list = useListQuery('gate-bills', gateApi.bills, params);
  const money = (b: GateBill, cents: number) => formatMoney(fromCents(cents), b.currency, i18n.language);

  const runBuild = async () => {
    setBuild({ ...build, busy: true });
    try {
      const built = await gateApi.build(build.period);
      notify((n) => n.success(t('gate.bills.built', { count: built.length })));
      setBuild({ ...build, open: false, busy: false });
      await invalidateDomains('gate-bills');
    } catch {
      setBuild({ ...build, busy: false });
    }
  };

  const period = (b: GateBill) => (
    <Typography.Link strong onClick={() => setOpen(b.id)} data-testid="gate-bill-open">
      {b.period}
    </Typography.Link>
  );
  const full: ColumnsType<GateBill> = [
    { key: 'period', title: t('gate.bills.period'), width: 110, render: (_: unknown, b) => period(b) },
    { key: 'company', dataIndex: 'company', title: t('gate.bills.gateUser'), width: 220, ellipsis: true },
    { key: 'status', title: t('gate.bills.status'), width: 110, render: (_: unknown, b) => <StateTag machine={GATE_BILL} code={b.status} /> },
    { key: 'lineCount', dataIndex: 'lineCount', title: t('gate.bills.lines'), width: 90, align: 'right' },
    { key: 'cost', title: t('gate.bills.cost'), width: 140, align: 'right', render: (_: unknown, b) => money(b, b.costMinor) },
    { key: 'margin', title: t('gate.bills.margin'), width: 140, align: 'right', render: (_: unknown, b) => money(b, b.marginMinor) },
    { key: 'total', title: t('gate.bills.total'), width: 150, align: 'right', render: (_: unknown, b) => <strong>{money(b, b.totalMinor)}</strong> },
  ];
  const line = phoneLine<GateBill>(t('gate.bills.period'), (b) => (
    <>
      <Space size={8} wrap>
        {period(b)}
        <StateTag machine={GATE_BILL} code={b.status} />
        <strong>{money(b, b.totalMinor)}</strong>
      </Space>
      <Typography.Text type="secondary">
        {b.company} · {t('gate.bills.lines')}: {b.lineCount}
      </Typography.Text>
    </>
  ));

  return (
    <ListScaffold
      id="gate-bills"
      testId="gate-bills-page"
      list={list}
      columns={full}
      phoneColumns={[line]}
      tableLayout="fixed"
      scrollX={960}
      filters={
        <Space wrap>
          <Input.Search
            allowClear
            placeholder={t('gate.bills.periodFilter')}
            style={{ width: 200 }}
            onSearch={(value) => setFilters({ ...filters, period: PERIOD.test(value.trim()) ? value.trim() : undefined })}
            data-testid="gate-bills-filter-period"
          />
          <StatusFilter
            placeholder={t('gate.bills.status')}
            value={filters.status}
            onChange={(status) => setFilters({ ...filters, status })}
            options={statusOptions}
            style={{ minWidth: 160 }}
            testId="gate-bills-filter-status"
          />
          {canEdit && (
            <Button type="primary" onClick={() => setBuild({ ...build, open: true })} data-testid="gate-bills-build">
              {t('gate.bills.build')}
            </Button>
          )}
        </Space>
      }
    >
      <GateBillDrawer id={open} onClose={() => setOpen(null)} />
      <Modal
        open={build.open}
        title={t('gate.bills.buildTitle')}
        onCancel={() => setBuild({ ...build, open: false })}
        onOk={() => void runBuild()}
        okButtonProps={{ disabled: !PERIOD.test(build.period), loading: build.busy, ...({ 'data-testid': 'gate-bills-build-ok' } as Record<string, string>) }}
        okText={t('gate.bills.build')}
        cancelText={t('common.cancel')}
      >
        <Typography.Paragraph type="secondary">{t('gate.bills.buildHint')}</Typography.Paragraph>
        <Input
          value={build.period}
          onChange={(e) => setBuild({ ...build, period: e.target.value })}
          placeholder="YYYY-MM"
          data-testid="gate-bills-build-period"
        />
      </Modal>
    </ListScaffold>
  );
}
