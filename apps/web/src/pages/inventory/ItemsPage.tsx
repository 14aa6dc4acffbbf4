import { Button, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../masks/can.js';
import { MaskScreen } from '../../masks/MaskScreen.js';
import { ItemImport } from './ItemImport.js';
import { ItemLabelsDialog } from './ItemLabelsDialog.js';

/** `/wms/item` and `/mEP/item`: the items mask list, with the import for those who may edit items and the item labels. */
export function ItemsPage({ mask }: { mask: string }) {
  const { t } = useTranslation();
  const can = useCan();
  const [labels, setLabels] = useState(false);
  return (
    <>
      <Space wrap style={{ marginBottom: 12 }}>
        {can('wms.item.edit') && <ItemImport />}
        <Button onClick={() => setLabels(true)} data-testid="item-labels-open">
          {t('itemLabels.open')}
        </Button>
      </Space>
      <MaskScreen name={mask} />
      <ItemLabelsDialog open={labels} onClose={() => setLabels(false)} />
    </>
  );
}
