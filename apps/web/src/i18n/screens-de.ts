import { inventoryLogDe } from './inventory-log/de.js';
import { outboundIoDe } from './outbound-io/de.js';
import { outboundDe } from './outbound/de.js';
import type { ScreenMessages } from './screens-en.js';
import { returnsDe } from './returns/de.js';
import { settingsDe } from './settings/de.js';
import { masksDe } from './masks/de.js';
import { inventoryDe } from './inventory/de.js';
import { receivingDe } from './receiving/de.js';
import { inboundDe } from './inbound/de.js';
import { ticketsDe } from './tickets/de.js';
import { labelsDe } from './labels/de.js';
import { printingDe } from './printing/de.js';
import { shippingQcDe } from './shipping-qc/de.js';
import { pickingDe } from './picking/de.js';
import { carriersDe } from './carriers/de.js';
import { carrierGateDe } from './carrier-gate/de.js';
import { packingDe } from './packing/de.js';
import { pickingScanDe } from './picking-scan/de.js';
import { packScanOrderDe } from './pack-scan-order/de.js';
import { packScanEfDe } from './pack-scan-ef/de.js';
import { packScanRefDe } from './pack-scan-ref/de.js';
import { shippingDe } from './shipping/de.js';
import { loadingDe } from './loading/de.js';
import { manifestsDe } from './manifests/de.js';

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
