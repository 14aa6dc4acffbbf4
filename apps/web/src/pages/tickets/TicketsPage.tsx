import { TICKET } from '@kontor/contracts/status/outbound';
import { Space, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useAddressFilters } from '../../router/use-address-filters.js';
import { useTranslation } from 'react-i18next';
import { useLayout } from '../../layout/store.js';
import { formatDateTime } from '../../lib/format.js';
import { useMerchants } from '../../api/lookups.js';
import { MerchantFilter, StatusFilter } from '../../components/list/filters.js';
import { ListScaffold } from '../../components/list/ListScaffold.js';
import { StateTag, useStateOptions } from '../../components/StateTag.js';
import { invalidateDomains } from '../../api/query-client.js';
import { useListQuery } from '../../api/use-list-query.js';
import { TicketDrawer } from '../../components/tickets/TicketDrawer.js';
import { ticketsApi, type TicketRow } from './tickets-api.js';
import { DocNo } from '../../components/DocNo.js';

interface Filters {
  q?: string;
  status?: number[];
  merchantId?: number;
}

/**
 * `/eEP/tickets` (issue 7 §5): every ticket the session may see, newest first, with status tags from
 * TICKET, filters and the conversation drawer. Merchants reach their tickets through the order detail
 * (OrderTickets); the server scopes every call.
 */
export default function TicketsPage() {
  const { t } = useTranslation();
  const mobile = useLayout((s) => s.device === 'mobile');
  const statusOptions = useStateOptions(TICKET);
  const merchants = useMerchants();
  const oneMerchant = merchants.length <= 1;
  // The home floor's "open tickets" links here with its statuses: `?status=1,2`.
  const [filters, setFilters] = useAddressFilters<Filters>({ status: 'numbers', merchantId: 'number' }, { status: TICKET.codes('open', 'waiting') });
  const [open, setOpen] = useState<number | null>(null);
  const list = useListQuery('tickets', ticketsApi.list, filters as Record<string, unknown>);
  const set = (patch: Filters) => setFilters({ ...filters, ...patch });

  const number = (row: TicketRow) => (
    <Typography.Link strong onClick={() => setOpen(row.id)} data-testid="ticket-open">
      <DocNo>{row.unid}</DocNo>
    </Typography.Link>
  );
  // Sized to fit 1440 px beside the menu; a long subject is cut, its full text in the drawer.
  const full: ColumnsType<TicketRow> = [
    { key: 'unid', title: t('tickets.number'), width: 140, fixed: 'left', render: (_: unknown, row) => number(row) },
    { key: 'status', title: t('tickets.status'), width: 100, render: (_: unknown, row) => <StateTag machine={TICKET} code={row.status} /> },
    { key: 'subject', dataIndex: 'subject', title: t('tickets.subject'), ellipsis: true },
    { key: 'orderUnid', dataIndex: 'orderUnid', title: t('tickets.order'), width: 140 },
    { key: 'merchantName', dataIndex: 'merchantName', title: t('tickets.merchant'), width: 170, ellipsis: true },
    { key: 'lastSide', dataIndex: 'lastSide', title: t('tickets.lastSide'), width: 100, render: (v: string) => t(`tickets.side.${v}`) },
    { key: 'messageCount', dataIndex: 'messageCount', title: t('tickets.messages'), width: 100, align: 'right' },
    { key: 'lastMessageAt', dataIndex: 'lastMessageAt', title: t('tickets.lastMessage'), width: 160, render: (v: string) => formatDateTime(v) },
  ];
  // On a phone one column names the ticket, so its status stays in view.
  const line: ColumnsType<TicketRow>[number] = {
    key: 'line',
    title: t('tickets.number'),
    render: (_: unknown, row) => (
      <div style={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 2 }}>
        <Space size={8} wrap>
          {number(row)}
          <StateTag machine={TICKET} code={row.status} />
        </Space>
        <Typography.Text>{row.subject}</Typography.Text>
        <Typography.Text type="secondary">
          {[row.orderUnid, oneMerchant ? '' : row.merchantName, formatDateTime(row.lastMessageAt)].filter(Boolean).join(' · ')}
        </Typography.Text>
      </div>
    ),
  };
  const columns = mobile ? [line] : full.filter((c) => !(oneMerchant && c.key === 'merchantName'));

  return (
    <ListScaffold
      id="tickets"
      testId="tickets-page"
      list={list}
      columns={columns}
      tableLayout="fixed"
      scrollX={1100}
      search={{ placeholder: t('tickets.search'), width: 300, onSearch: (q) => set({ q }) }}
      filters={
        <>
          <StatusFilter
            placeholder={t('tickets.status')}
            value={filters.status}
            onChange={(status) => set({ status })}
            options={statusOptions}
            style={{ minWidth: 200 }}
            testId="tickets-filter-status"
          />
          {!oneMerchant && (
            <MerchantFilter
              placeholder={t('tickets.merchant')}
              value={filters.merchantId}
              onChange={(merchantId) => set({ merchantId })}
              merchants={merchants}
              testId="tickets-filter-merchant"
            />
          )}
        </>
      }
    >
      <TicketDrawer id={open} onClose={() => setOpen(null)} onChanged={() => void invalidateDomains('tickets')} />
    </ListScaffold>
  );
}
