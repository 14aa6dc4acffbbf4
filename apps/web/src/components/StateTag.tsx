import { toLocale } from '@kontor/contracts';
import type { StateDef, StatusMachine } from '@kontor/contracts/status/machine';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** Tag colours of the tones of the status tables (architecture rule 6: one table, tags coloured from it). */
const TONE_COLOR: Record<StateDef['tone'], string> = {
  success: 'success',
  danger: 'error',
  primary: 'processing',
  warning: 'warning',
  default: 'default',
};

/** The label of a status code in the console's language; an unknown code shows as the number. */
export function useStateLabel<S extends string>(machine: StatusMachine<S>) {
  const { i18n } = useTranslation();
  const locale = toLocale(i18n.language);
  return (code: number) => {
    const state = machine.stateOf(code);
    return state ? machine.states[state].label[locale] : String(code);
  };
}

/** Options of a status filter, in the order of the table. */
export function useStateOptions<S extends string>(machine: StatusMachine<S>) {
  const { i18n } = useTranslation();
  const locale = toLocale(i18n.language);
  return (Object.values(machine.states) as StateDef[]).map((def) => ({ value: def.code, label: def.label[locale] }));
}

export function StateTag<S extends string>({ machine, code }: { machine: StatusMachine<S>; code: number }) {
  const label = useStateLabel(machine);
  const state = machine.stateOf(code);
  const tone = state ? machine.states[state].tone : 'default';
  return (
    <Tag color={TONE_COLOR[tone]} data-testid={`${machine.name}-status`} style={{ marginInlineEnd: 0 }}>
      {label(code)}
    </Tag>
  );
}
