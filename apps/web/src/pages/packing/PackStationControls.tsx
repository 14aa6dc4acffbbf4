import { Input } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MaterialSelect } from './MaterialSelect.js';
import { packingApi, type MaterialOption } from './packing-api.js';

/** What a station's page holds: the packer's station name and material, and the materials to choose from. */
export interface PackStation {
  /** The packer's station name (their print station). */
  name: string;
  setName(value: string): void;
  material: number | null;
  setMaterial(value: number | null): void;
  materials: MaterialOption[];
  /** The chosen material as the pack calls take it: one of it per parcel, or none. */
  materialLines: Array<{ itemId: number; quantity: number }>;
}

/**
 * The station's name and material are the packer's, kept on this device between sessions under
 * `kontor.<storageKey>.station` / `.material`; the materials (items of type 2) are read once.
 */
export function usePackStation(storageKey: string): PackStation {
  const stationKey = `kontor.${storageKey}.station`;
  const materialKey = `kontor.${storageKey}.material`;
  const [name, setName] = useState(() => localStorage.getItem(stationKey) ?? '');
  const [material, setMaterial] = useState<number | null>(() => Number(localStorage.getItem(materialKey)) || null);
  const [materials, setMaterials] = useState<MaterialOption[]>([]);

  useEffect(() => {
    void packingApi.materials().then(setMaterials);
  }, []);
  useEffect(() => localStorage.setItem(stationKey, name), [stationKey, name]);
  useEffect(() => localStorage.setItem(materialKey, material ? String(material) : ''), [materialKey, material]);

  const materialLines = material ? [{ itemId: material, quantity: 1 }] : [];
  return { name, setName, material, setMaterial, materials, materialLines };
}

/** The station field, whatever the page adds (the single station's weight), then the material. */
export function PackStationControls({ pack, testIdPrefix, children }: { pack: PackStation; testIdPrefix: string; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="rcv-controls">
      <label className="rcv-control pack-station">
        {t('packing.single.station')}
        <Input value={pack.name} maxLength={64} onChange={(e) => pack.setName(e.target.value)} data-testid={`${testIdPrefix}-station`} />
      </label>
      {children}
      <MaterialSelect materials={pack.materials} value={pack.material} onChange={pack.setMaterial} testId={`${testIdPrefix}-material`} />
    </div>
  );
}
