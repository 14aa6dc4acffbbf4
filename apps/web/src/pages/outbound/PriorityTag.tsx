import { PRIORITY_CODES } from '@kontor/contracts/domains/outbound';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** Urgent orders are tagged red wherever they appear (facts §5.2: priority ≥ 3); others stay plain. */
export function PriorityTag({ priority, always }: { priority: number; always?: boolean }) {
  const { t } = useTranslation();
  if (priority >= PRIORITY_CODES.urgent)
    return (
      <Tag color="red" style={{ marginInlineEnd: 0 }} data-testid="outbound-urgent">
        {t('outbound.priorities.urgent')}
      </Tag>
    );
  if (!always) return null;
  return <Tag style={{ marginInlineEnd: 0 }}>{t(priority <= PRIORITY_CODES.low ? 'outbound.priorities.low' : 'outbound.priorities.normal')}</Tag>;
}
