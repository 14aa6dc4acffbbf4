import type { Page } from '@kontor/contracts';
import { RETURN_ORDER } from '@kontor/contracts/status/returns';
import { DatePicker, Select, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useLayout } from '../../layout/store.js';
import { formatDateTime, na } from '../../lib/format.js';
import { StatusFilter } from '../../components/list/filters.js';
import { ListScaffold } from '../../components/list/ListScaffold.js';
import { StateTag, useStateOptions } from '../../components/StateTag.js';
import { useListQuery } from '../../api/use-list-query.js';
import { useReturnLabels } from './labels.js';
import { piecesOf, realDate, returnsApi, type ReturnRecord } from './returns-api.js';

/** A date range as picked: ISO start of the first day, ISO end of the last; either may be empty. */
export type Range = [string, string];

export interface ReturnFilters {
  q?: string;
  status?: number[];
  businessType?: number;
  agentGUID?: string;
  created?: Range;
  fin?: Range;
}

interface Props {
  filters: ReturnFilters;
  onFilters(filters: ReturnFilters): void;
  onOpen(row: ReturnRecord): void;
  /** Merchants for the customer filter; a merchant's session has only itself and gets no filter. */
  merchants: Array<{ code: string; name: string }>;
}

const inRange = (value: string, range?: Range) => {
  if (!range) return true;
  if (!value) return false;
  return (!range[0] || value >= range[0]) && (!range[1] || value <= range[1]);
};
const isoTime = (value: string | null | undefined) => {
  const real = realDate(value);
  return real ? new Date(real).toISOString() : '';
};

/**
 * The filters as the list call takes them (docs/returns.md: `q`, `Status[]`); business type, customer
 * and the two date ranges go along as `from..to` like the mask lists' ranges.
 */
function toParams(filters: ReturnFilters): Record<string, unknown> {
  const range = (r?: Range) => (r ? `${r[0]}..${r[1]}` : undefined);
  return {
    q: filters.q,
    'Status[]': filters.status,
    businessType: filters.businessType,
    agentGUID: filters.agentGUID,
    createdAt: range(filters.created),
    finDate: range(filters.fin),
  };
}

/**
 * A page as the server answers it, narrowed again by the filters the list call may not know yet
 * (business type, customer, dates): a row shown always matches every filter chosen.
 */
const load =
  (filters: ReturnFilters) =>
  async (params: Record<string, unknown>, signal: AbortSignal): Promise<Page<ReturnRecord>> => {
    const page = await returnsApi.list(params, signal);
    const data = page.data.filter(
      (r) =>
        (filters.businessType === undefined || r.businessType === filters.businessType) &&
        (!filters.agentGUID || r.agentGUID === filters.agentGUID) &&
        inRange(isoTime(r.createdAt), filters.created) &&
        inRange(isoTime(r.finDate), filters.fin),
    );
    return { ...page, data };
  };

/** Returns (`GET /v0/r7greceiving/list`), newest first, status tags coloured from RETURN_ORDER. */
export function ReturnList({ filters, onFilters, onOpen, merchants }: Props) {
  const { t } = useTranslation();
  const mobile = useLayout((s) => s.device === 'mobile');
  const labels = useReturnLabels();
  const statusOptions = useStateOptions(RETURN_ORDER);
  const oneMerchant = merchants.length <= 1;
  const list = useListQuery('returns', load(filters), toParams(filters));
  const set = (patch: Partial<ReturnFilters>) => onFilters({ ...filters, ...patch });
  // On a phone the filters beyond the search fold away; the badge counts those chosen.
  const chosen = [filters.status?.length, filters.businessType !== undefined, filters.agentGUID, filters.created, filters.fin].filter(Boolean).length;

  const number = (row: ReturnRecord) => (
    <Typography.Link strong onClick={() => onOpen(row)} data-testid="return-open">
      {row.shipSN}
    </Typography.Link>
  );
  const status = (row: ReturnRecord) => <StateTag machine={RETURN_ORDER} code={row.status} />;
  const pieces = { key: 'pieces', title: t('returns.pieces'), align: 'right' as const, width: 80, render: (_: unknown, row: ReturnRecord) => piecesOf(row) };
  const full: ColumnsType<ReturnRecord> = [
    { key: 'shipSN', title: t('returns.shipSN'), width: 190, fixed: 'left', render: (_: unknown, row) => number(row) },
    { key: 'status', title: t('returns.status'), width: 120, render: (_: unknown, row) => status(row) },
    { key: 'businessType', title: t('returns.businessType'), width: 150, render: (_: unknown, row) => labels.businessType(row.businessType) },
    { key: 'merchantName', title: t('returns.customer'), width: 190, ellipsis: true, render: (_: unknown, row) => row.merchantName || row.agentGUID || na() },
    { key: 'originSN', dataIndex: 'originSN', title: t('returns.originSN'), width: 150, ellipsis: true, render: (v: string) => v || na() },
    { key: 'originCountry', dataIndex: 'originCountry', title: t('returns.country'), width: 80, render: (v: string) => v || na() },
    { key: 'type', title: t('returns.packageStatus'), width: 120, render: (_: unknown, row) => labels.packageStatus(row.type) },
    pieces,
    { key: 'createdAt', dataIndex: 'createdAt', title: t('returns.created'), width: 160, render: (v: string) => formatDateTime(v) },
    { key: 'finDate', dataIndex: 'finDate', title: t('returns.finDate'), width: 160, render: (v: string) => formatDateTime(realDate(v)) },
  ];
  // On a phone one column names the return, so its status and pieces stay in view.
  const line: ColumnsType<ReturnRecord>[number] = {
    key: 'line',
    title: t('returns.shipSN'),
    render: (_: unknown, row) => (
      <div className="ret-list-line">
        {number(row)}
        <Typography.Text type="secondary">
          {[oneMerchant ? '' : row.merchantName, labels.businessType(row.businessType), formatDateTime(row.createdAt)].filter(Boolean).join(' · ')}
        </Typography.Text>
        {status(row)}
      </div>
    ),
  };
  const columns = mobile ? [line, pieces] : full.filter((c) => !(oneMerchant && c.key === 'merchantName'));

  const rangePicker = (key: 'created' | 'fin', label: string) => {
    const value = filters[key];
    return (
      <DatePicker.RangePicker
        allowEmpty={[true, true]}
        placeholder={[label, t('mask.to')]}
        value={[value?.[0] ? dayjs(value[0]) : null, value?.[1] ? dayjs(value[1]) : null]}
        onChange={(range) => {
          const from = range?.[0]?.startOf('day').toISOString() ?? '';
          const to = range?.[1]?.endOf('day').toISOString() ?? '';
          set({ [key]: from || to ? [from, to] : undefined });
        }}
        className="ret-filter-range"
        data-testid={`returns-filter-${key}`}
      />
    );
  };

  return (
    <ListScaffold
      id="returns"
      testId="returns-list"
      list={list}
      columns={columns}
      filterBarClassName="ret-filters"
      foldOnMobile={{ chosen }}
      search={{ placeholder: t('returns.search'), className: 'ret-filter-search', onSearch: (q) => set({ q }) }}
      filters={
        <>
          <StatusFilter
            placeholder={t('returns.status')}
            className="ret-filter-select"
            value={filters.status}
            onChange={(status) => set({ status })}
            options={statusOptions}
            testId="returns-filter-status"
          />
          <Select
            allowClear
            placeholder={t('returns.businessType')}
            className="ret-filter-select"
            value={filters.businessType}
            onChange={(v?: number) => set({ businessType: v })}
            options={labels.businessTypeOptions}
            data-testid="returns-filter-type"
          />
          {!oneMerchant && (
            <Select
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              placeholder={t('returns.customer')}
              className="ret-filter-merchant"
              value={filters.agentGUID}
              onChange={(v?: string) => set({ agentGUID: v })}
              options={merchants.map((m) => ({ value: m.code, label: `${m.code} · ${m.name}` }))}
              data-testid="returns-filter-merchant"
            />
          )}
          {rangePicker('created', t('returns.created'))}
          {rangePicker('fin', t('returns.finDate'))}
        </>
      }
    />
  );
}
