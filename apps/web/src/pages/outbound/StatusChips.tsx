import { OUTBOUND_ORDER } from '@kontor/contracts/status/outbound';
import { Badge, Space, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isAbort } from '../../api/errors.js';
import { listKey } from '../../api/query-client.js';
import { useStateLabel } from '../../components/StateTag.js';
import { outboundApi, type OutboundView, type StatusCounts } from './outbound-api.js';

/** Counts go stale as the warehouse works; a list left open refreshes them this often. */
const REFRESH_MS = 30_000;

interface Props {
  view: OutboundView;
  /** The list's filters without the status: each chip counts what choosing it would show. */
  filters: Record<string, unknown>;
  selected: number[];
  onSelect(status: number[]): void;
}

/**
 * One chip per status with its live count (`/counts`, issue 7 §4), in the order of the status table;
 * statuses without orders are left out unless chosen. Choosing a chip filters the list to that status.
 */
export function StatusChips({ view, filters, selected, onSelect }: Props) {
  const { t } = useTranslation();
  const label = useStateLabel(OUTBOUND_ORDER);
  // Under the outbound domain: whatever reloads the orders (an action, an import) recounts too.
  const { data: counts = null } = useQuery({
    queryKey: [...listKey('outbound-orders', filters, `${view}/counts`)],
    queryFn: ({ signal }) =>
      outboundApi.counts(view, filters, signal).catch((err: unknown): StatusCounts | null => {
        if (isAbort(err)) throw err;
        return null;
      }),
    refetchInterval: REFRESH_MS,
  });

  const codes = Object.values(OUTBOUND_ORDER.states)
    .map((s) => s.code)
    .filter((code) => (counts?.counts[String(code)] ?? 0) > 0 || selected.includes(code));
  const chip = (active: boolean, text: string, count: number | undefined, onClick: () => void, testId: string) => (
    <Tag.CheckableTag
      key={testId}
      checked={active}
      onChange={onClick}
      data-testid={testId}
      style={{ marginInlineEnd: 0, border: '1px solid rgba(5, 5, 5, 0.1)' }}
    >
      <Space size={4}>
        {text}
        <Badge
          count={count ?? '…'}
          showZero
          overflowCount={99_999}
          color={active ? '#fff' : undefined}
          style={active ? { color: '#1677ff' } : { backgroundColor: 'rgba(0, 0, 0, 0.25)' }}
          data-testid={`${testId}-count`}
        />
      </Space>
    </Tag.CheckableTag>
  );
  return (
    <Space wrap size={[6, 6]} style={{ display: 'flex', marginBottom: 12 }} data-testid="outbound-status-chips">
      {chip(!selected.length, t('outbound.allStatuses'), counts?.total, () => onSelect([]), 'outbound-chip-all')}
      {codes.map((code) =>
        chip(
          selected.length === 1 && selected[0] === code,
          label(code),
          counts?.counts[String(code)] ?? 0,
          () => onSelect(selected.length === 1 && selected[0] === code ? [] : [code]),
          `outbound-chip-${code}`,
        ),
      )}
    </Space>
  );
}
