import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MaskScreen } from '../../masks/MaskScreen.js';
import { useCan } from '../../masks/can.js';
import { CompartmentRangeDialog } from './CompartmentRangeDialog.js';

/** `/wms/storehouse/compartment`: the compartments' mask list, with a range creator for those who may edit. */
export default function CompartmentsPage() {
  const { t } = useTranslation();
  const canEdit = useCan()('wms.compartment.edit');
  const [open, setOpen] = useState(false);
  return (
    <>
      {canEdit && (
        <Button style={{ marginBottom: 8 }} onClick={() => setOpen(true)} data-testid="compartment-range-open">
          {t('compartmentRange.open')}
        </Button>
      )}
      <MaskScreen name="wms.compartment" />
      <CompartmentRangeDialog open={open} onClose={() => setOpen(false)} />
    </>
  );
}
