import { inventoryLogEn } from './inventory-log/en.js';
import { outboundIoEn } from './outbound-io/en.js';
import { outboundEn } from './outbound/en.js';
import { returnsEn } from './returns/en.js';
import { settingsEn } from './settings/en.js';
import { masksEn } from './masks/en.js';
import { inventoryEn } from './inventory/en.js';
import { receivingEn } from './receiving/en.js';
import { inboundEn } from './inbound/en.js';
import { ticketsEn } from './tickets/en.js';
import { labelsEn } from './labels/en.js';
import { printingEn } from './printing/en.js';
import { shippingQcEn } from './shipping-qc/en.js';
import { pickingEn } from './picking/en.js';
import { carriersEn } from './carriers/en.js';
import { carrierGateEn } from './carrier-gate/en.js';
import { packingEn } from './packing/en.js';
import { pickingScanEn } from './picking-scan/en.js';
import { packScanOrderEn } from './pack-scan-order/en.js';
import { packScanEfEn } from './pack-scan-ef/en.js';
import { packScanRefEn } from './pack-scan-ref/en.js';
import { shippingEn } from './shipping/en.js';
import { loadingEn } from './loading/en.js';
import { manifestsEn } from './manifests/en.js';

/** English texts of the screens behind sign-in: loaded with the console, not with the sign-in page. */
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
