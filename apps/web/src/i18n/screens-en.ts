// inventory-log: the inventory log's values (issue 15 item 8): the ledger's reason codes and the kinds of document a row refers to, as the server writes them
import inventoryLogEn from './inventory-log/en.json' with { type: 'json' };
// outbound-io: the order import and the order export screens (issue 7 §6)
import outboundIoEn from './outbound-io/en.json' with { type: 'json' };
// outbound: the outbound order screens (issue 7 §4)
import outboundEn from './outbound/en.json' with { type: 'json' };
// returns: the returns desk and list (issue 9)
import returnsEn from './returns/en.json' with { type: 'json' };
// settings: the settings screens: users, roles, files, OAuth clients
import settingsEn from './settings/en.json' with { type: 'json' };
// masks: the definition-driven lists and forms and the mask editor
import masksEn from './masks/en.json' with { type: 'json' };
// inventory: stock, item import, merged units and stocktake
import inventoryEn from './inventory/en.json' with { type: 'json' };
// receiving: receiving, putaway and the receiving export
import receivingEn from './receiving/en.json' with { type: 'json' };
// inbound: inbound orders and containers (issue 6)
import inboundEn from './inbound/en.json' with { type: 'json' };
// tickets: tickets (issue 7 §5)
import ticketsEn from './tickets/en.json' with { type: 'json' };
// labels: the label tools (`/tools/labelMultiplePrint`, `/tools/commonLogisticsLabels`) and the PDF viewer (`/pdfViewer`), issue 17 item 6
import labelsEn from './labels/en.json' with { type: 'json' };
// printing: the print station page (issue 17 item 7, docs/printing.md)
import printingEn from './printing/en.json' with { type: 'json' };
// shipping-qc: the SKU QC and SN scan screens (issue 18 item 6, facts §3.2, §3.3, §3.5)
import shippingQcEn from './shipping-qc/en.json' with { type: 'json' };
// picking: the picklist screens (issue 18, docs/picking.md)
import pickingEn from './picking/en.json' with { type: 'json' };
// carriers: the carriers settings (`/settings/carriers`, issue 17 item 1)
import carriersEn from './carriers/en.json' with { type: 'json' };
// carrier-gate: the carrier gate screens (issue 17 item 8)
import carrierGateEn from './carrier-gate/en.json' with { type: 'json' };
// packing: the packing screens (issue 18, docs/packing.md)
import packingEn from './packing/en.json' with { type: 'json' };
// picking-scan: the picking scan station (issue 18 item 3, docs/picking.md)
import pickingScanEn from './picking-scan/en.json' with { type: 'json' };
// pack-scan-order: the Pack Scan Order station (issue 18 item 4, docs/packing.md)
import packScanOrderEn from './pack-scan-order/en.json' with { type: 'json' };
// pack-scan-ef: the merchant-specific pack station and its rules (issue 18 item 5, docs/packing.md)
import packScanEfEn from './pack-scan-ef/en.json' with { type: 'json' };
// pack-scan-ref: a merchant's packing view by reference (issue 18 item 5, docs/packing.md)
import packScanRefEn from './pack-scan-ref/en.json' with { type: 'json' };
// shipping: the shipping scan and the floor views (issue 19, facts §3.1, §7)
import shippingEn from './shipping/en.json' with { type: 'json' };
// loading: the loading scan and the loading configs (issue 19, facts §3.7, §7)
import loadingEn from './loading/en.json' with { type: 'json' };
// manifests: the end-of-day manifests (issue 19 item 4)
import manifestsEn from './manifests/en.json' with { type: 'json' };

/**
 * English texts of the screens behind sign-in, one JSON catalogue per domain (`<domain>/en.json`): loaded
 * with the console, not with the sign-in page. Chinese and German (screens-cn.ts, screens-de.ts) are typed
 * against this shape; i18n.test.ts also fails on a key one language has and another lacks.
 */
export const screensEn = {
  ...outboundIoEn,
  ...inventoryLogEn,
  outbound: outboundEn,
  ...returnsEn,
  ...settingsEn,
  ...masksEn,
  ...inventoryEn,
  ...receivingEn,
  ...inboundEn,
  ...ticketsEn,
  ...labelsEn,
  ...printingEn,
  ...shippingQcEn,
  ...pickingEn,
  ...carriersEn,
  ...carrierGateEn,
  ...packingEn,
  ...pickingScanEn,
  ...packScanOrderEn,
  ...packScanEfEn,
  ...packScanRefEn,
  ...shippingEn,
  ...loadingEn,
  ...manifestsEn,
};

export type ScreenMessages = typeof screensEn;
