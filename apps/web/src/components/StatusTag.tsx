import { STOCK_STATUS, STOCK_STATUSES } from '@kontor/contracts/domains/inventory';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const NAMES: Record<number, string> = Object.fromEntries(Object.entries(STOCK_STATUS).map(([name, code]) => [code, name]));

/** The name key of a stock status code (facts §5.4: valid 10, receiving 5, damaged 2, invalid 0). */
export const statusKey = (status: number) => `inventory.statuses.${NAMES[status] ?? 'invalid'}`;

export function useStatusOptions() {
  const { t } = useTranslation();
  return STOCK_STATUSES.slice()
    .reverse()
    .map((value) => ({ value, label: t(statusKey(value)) }));
}

/** Facts §5.4: anything other than valid (10) is shown in red. */
export function StatusTag({ status }: { status: number }) {
  const { t } = useTranslation();
  return (
    <Tag color={status === STOCK_STATUS.valid ? 'green' : 'red'} data-testid="stock-status">
      {t(statusKey(status))}
    </Tag>
  );
}

const COUNT_COLOR: Record<string, string> = { open: 'blue', posted: 'green', cancelled: 'default' };

/** The state of a stock count: open, posted or cancelled. */
export function CountStateTag({ status }: { status: 'open' | 'posted' | 'cancelled' }) {
  const { t } = useTranslation();
  return <Tag color={COUNT_COLOR[status]}>{t(`stocktake.states.${status}`)}</Tag>;
}
