import { useCan } from '../../masks/can.js';
import { MaskScreen } from '../../masks/MaskScreen.js';
import { MergedUnitPanel } from './MergedUnitPanel.js';

/** `/wms/munit`: work on one scanned unit above the list of all units (a mask). */
export default function MergedUnitsPage() {
  const can = useCan();
  return (
    <>
      <MergedUnitPanel canEdit={can('wms.mergedUnit.edit')} />
      <MaskScreen name="wms.munit" />
    </>
  );
}
