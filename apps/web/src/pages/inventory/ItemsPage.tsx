import { useCan } from '../../masks/can.js';
import { MaskScreen } from '../../masks/MaskScreen.js';
import { ItemImport } from './ItemImport.js';

/** `/wms/item` and `/mEP/item`: the items mask list, with the import for those who may edit items. */
export function ItemsPage({ mask }: { mask: string }) {
  const can = useCan();
  return (
    <>
      {can('wms.item.edit') && (
        <div style={{ marginBottom: 12 }}>
          <ItemImport />
        </div>
      )}
      <MaskScreen name={mask} />
    </>
  );
}
