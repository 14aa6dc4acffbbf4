import inventoryLogDe from './inventory-log/de.json' with { type: 'json' };
import outboundIoDe from './outbound-io/de.json' with { type: 'json' };
import outboundDe from './outbound/de.json' with { type: 'json' };
import type { ScreenMessages } from './screens-en.js';
import returnsDe from './returns/de.json' with { type: 'json' };
import settingsDe from './settings/de.json' with { type: 'json' };
import masksDe from './masks/de.json' with { type: 'json' };
import inventoryDe from './inventory/de.json' with { type: 'json' };
import receivingDe from './receiving/de.json' with { type: 'json' };
import inboundDe from './inbound/de.json' with { type: 'json' };
import ticketsDe from './tickets/de.json' with { type: 'json' };
import labelsDe from './labels/de.json' with { type: 'json' };
import printingDe from './printing/de.json' with { type: 'json' };
import shippingQcDe from './shipping-qc/de.json' with { type: 'json' };
import pickingDe from './picking/de.json' with { type: 'json' };
import carriersDe from './carriers/de.json' with { type: 'json' };
import carrierGateDe from './carrier-gate/de.json' with { type: 'json' };
import packingDe from './packing/de.json' with { type: 'json' };
import pickingScanDe from './picking-scan/de.json' with { type: 'json' };
import packScanOrderDe from './pack-scan-order/de.json' with { type: 'json' };
import packScanEfDe from './pack-scan-ef/de.json' with { type: 'json' };
import packScanRefDe from './pack-scan-ref/de.json' with { type: 'json' };
import shippingDe from './shipping/de.json' with { type: 'json' };
import loadingDe from './loading/de.json' with { type: 'json' };
import manifestsDe from './manifests/de.json' with { type: 'json' };

/** German texts of the screens behind sign-in. */
export const screensDe: ScreenMessages = {
  ...outboundIoDe,
  ...inventoryLogDe,
  outbound: outboundDe,
  ...returnsDe,
  ...settingsDe,
  ...masksDe,
  ...inventoryDe,
  ...receivingDe,
  ...inboundDe,
  ...ticketsDe,
  ...labelsDe,
  ...printingDe,
  ...shippingQcDe,
  ...pickingDe,
  ...carriersDe,
  ...carrierGateDe,
  ...packingDe,
  ...pickingScanDe,
  ...packScanOrderDe,
  ...packScanEfDe,
  ...packScanRefDe,
  ...shippingDe,
  ...loadingDe,
  ...manifestsDe,
};
