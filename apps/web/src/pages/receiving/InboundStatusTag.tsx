import { toLocale } from '@kontor/contracts';
import { INBOUND_ORDER } from '@kontor/contracts/status/inbound';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const COLORS = { success: 'green', danger: 'red', primary: 'blue', warning: 'orange', default: 'default' } as const;

/** An inbound order's status as the contracts' table names and colours it (architecture rule 6). */
export function InboundStatusTag({ status }: { status: number }) {
  const { i18n } = useTranslation();
  const state = INBOUND_ORDER.stateOf(status);
  if (!state) return <Tag>{status}</Tag>;
  const def = INBOUND_ORDER.states[state];
  return (
    <Tag color={COLORS[def.tone]} data-testid="inbound-status" data-state={state}>
      {def.label[toLocale(i18n.language)]}
    </Tag>
  );
}
