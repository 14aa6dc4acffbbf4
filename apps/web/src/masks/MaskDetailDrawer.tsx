import type { Locale } from '@kontor/contracts';
import type { Mask } from '@kontor/contracts/masks';
import { Descriptions, Drawer } from 'antd';
import { displayValue } from './derive.js';
import { LinesView } from './LinesControl.js';
import type { Row } from './use-mask-rows.js';

/** One row of a mask list read-only, every field of the definition (issue 4 §3 detail view). */
export function MaskDetailDrawer({ mask, row, locale, onClose }: { mask: Mask; row: Row | null; locale: Locale; onClose(): void }) {
  return (
    <Drawer open={!!row} onClose={onClose} title={mask.title[locale]} size="large">
      {row && (
        <Descriptions column={1} bordered size="small" data-testid="mask-detail">
          {mask.fields.map((field) => (
            <Descriptions.Item key={field.id} label={field.label[locale]}>
              {field.type === 'json' ? (
                <pre style={{ margin: 0, whiteSpace: 'pre-wrap' }}>{JSON.stringify(row[field.id], null, 2)}</pre>
              ) : field.type === 'lines' ? (
                <LinesView field={field} value={row[field.id]} />
              ) : (
                displayValue(field, row[field.id], locale, row)
              )}
            </Descriptions.Item>
          ))}
        </Descriptions>
      )}
    </Drawer>
  );
}
