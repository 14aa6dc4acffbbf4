import { useEffect, useState } from 'react';
import { NO_MEASURE, type Measure } from '../../components/scan/ParcelMeasure.js';
import { packScanApi, type MaterialOption } from './pack-scan-api.js';

const STATION_KEY = 'kontor.packScanOrder.station';
const AUTO_KEY = 'kontor.packScanOrder.autoPrint';
/** The materials last used per order carrier: the station's stand-in for the original's carrier config memory. */
export const materialKey = (carrier: string) => `kontor.packScanOrder.materials.${carrier || '-'}`;

/**
 * The pack desk's settings: the station (its printer), kept in this browser with auto-print; the
 * packing materials offered and chosen; the parcel's measure for the next order.
 */
export function usePackDesk() {
  const [materials, setMaterials] = useState<MaterialOption[]>([]);
  const [chosen, setChosen] = useState<number[]>([]);
  const [station, setStation] = useState(() => localStorage.getItem(STATION_KEY) ?? '');
  const [autoPrint, setAutoPrint] = useState(() => localStorage.getItem(AUTO_KEY) === '1');
  const [measure, setMeasure] = useState<Measure>(NO_MEASURE);
  useEffect(() => {
    void packScanApi.materials().then(setMaterials);
  }, []);
  useEffect(() => localStorage.setItem(STATION_KEY, station), [station]);
  useEffect(() => localStorage.setItem(AUTO_KEY, autoPrint ? '1' : ''), [autoPrint]);
  return { materials, chosen, setChosen, station, setStation, autoPrint, setAutoPrint, measure, setMeasure };
}

export type PackDesk = ReturnType<typeof usePackDesk>;
