import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { MaterialOption } from './packing-api.js';

/** The packing material a station packs with (remembered by the station's page), as every pack station offers it. */
export function MaterialSelect(props: { materials: MaterialOption[]; value: number | null; onChange: (id: number | null) => void; testId: string }) {
  const { t } = useTranslation();
  return (
    <label className="rcv-control pack-material">
      {t('packing.single.materials')}
      <Select
        allowClear
        showSearch
        optionFilterProp="label"
        placeholder={t('packing.single.materialsNone')}
        value={props.value ?? undefined}
        onChange={(v?: number) => props.onChange(v ?? null)}
        options={props.materials.map((m) => ({ value: m.id, label: `${m.unid} · ${m.name}` }))}
        data-testid={props.testId}
      />
    </label>
  );
}
