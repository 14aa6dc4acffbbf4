import { inventoryLogCn } from './inventory-log/cn.js';
import { outboundIoCn } from './outbound-io/cn.js';
import { outboundCn } from './outbound/cn.js';
import type { ScreenMessages } from './screens-en.js';
import { returnsCn } from './returns/cn.js';
import { settingsCn } from './settings/cn.js';
import { masksCn } from './masks/cn.js';
import { inventoryCn } from './inventory/cn.js';
import { receivingCn } from './receiving/cn.js';
import { inboundCn } from './inbound/cn.js';
import { ticketsCn } from './tickets/cn.js';
import { labelsCn } from './labels/cn.js';
import { printingCn } from './printing/cn.js';
import { shippingQcCn } from './shipping-qc/cn.js';
import { pickingCn } from './picking/cn.js';
import { carriersCn } from './carriers/cn.js';
import { carrierGateCn } from './carrier-gate/cn.js';
import { packingCn } from './packing/cn.js';
import { pickingScanCn } from './picking-scan/cn.js';
import { packScanOrderCn } from './pack-scan-order/cn.js';
import { packScanEfCn } from './pack-scan-ef/cn.js';
import { packScanRefCn } from './pack-scan-ref/cn.js';
import { shippingCn } from './shipping/cn.js';
import { loadingCn } from './loading/cn.js';
import { manifestsCn } from './manifests/cn.js';

/** Simplified Chinese texts of the screens behind sign-in. */
export const screensCn: ScreenMessages = {
  ...outboundIoCn,
  ...inventoryLogCn,
  outbound: outboundCn,
  ...returnsCn,
  ...settingsCn,
  ...masksCn,
  ...inventoryCn,
  ...receivingCn,
  ...inboundCn,
  ...ticketsCn,
  ...labelsCn,
  ...printingCn,
  ...shippingQcCn,
  ...pickingCn,
  ...carriersCn,
  ...carrierGateCn,
  ...packingCn,
  ...pickingScanCn,
  ...packScanOrderCn,
  ...packScanEfCn,
  ...packScanRefCn,
  ...shippingCn,
  ...loadingCn,
  ...manifestsCn,
};
