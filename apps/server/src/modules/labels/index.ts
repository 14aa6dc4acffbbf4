/**
 * The labels module's front door (issue 17 item 6): label documents for the tools and print views.
 * `labelServices(core)` wires the service once per core; `renderSnLabel` is the SN label the carriers
 * module answers at `GET /v0/utils/labelSNBase64`.
 */
import type { Core } from '../../core.js';
import { hasCjkFont, setLabelFontFile } from '../../lib/documents/fonts.js';
import { LabelsService } from './labels.service.js';

export { renderSnLabel } from '../../lib/documents/small-labels.js';
export { renderShippingLabel, addShippingLabelPage, type ShippingLabelData } from '../../lib/documents/shipping-label.js';
export { renderPackingSlip, type PackingSlipData } from '../../lib/documents/packing-slip.js';
export type { PdfAnswer } from './labels.service.js';

const wired = new WeakMap<Core, LabelsService>();

/** The label service of this core, built on first use. */
export function labelServices(core: Core): LabelsService {
  let service = wired.get(core);
  if (!service) {
    setLabelFontFile(core.config.LABEL_FONT_FILE);
    if (!hasCjkFont()) core.log.warn('No CJK font found (install fonts-noto-cjk or set LABEL_FONT_FILE): Chinese labels print in English');
    wired.set(core, (service = new LabelsService(core)));
  }
  return service;
}
