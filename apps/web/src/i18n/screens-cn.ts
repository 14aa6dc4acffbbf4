import inventoryLogCn from './inventory-log/cn.json' with { type: 'json' };
import outboundIoCn from './outbound-io/cn.json' with { type: 'json' };
import outboundCn from './outbound/cn.json' with { type: 'json' };
import type { ScreenMessages } from './screens-en.js';
import returnsCn from './returns/cn.json' with { type: 'json' };
import settingsCn from './settings/cn.json' with { type: 'json' };
import masksCn from './masks/cn.json' with { type: 'json' };
import inventoryCn from './inventory/cn.json' with { type: 'json' };
import receivingCn from './receiving/cn.json' with { type: 'json' };
import inboundCn from './inbound/cn.json' with { type: 'json' };
import ticketsCn from './tickets/cn.json' with { type: 'json' };
import labelsCn from './labels/cn.json' with { type: 'json' };
import printingCn from './printing/cn.json' with { type: 'json' };
import shippingQcCn from './shipping-qc/cn.json' with { type: 'json' };
import pickingCn from './picking/cn.json' with { type: 'json' };
import carriersCn from './carriers/cn.json' with { type: 'json' };
import carrierGateCn from './carrier-gate/cn.json' with { type: 'json' };
import packingCn from './packing/cn.json' with { type: 'json' };
import pickingScanCn from './picking-scan/cn.json' with { type: 'json' };
import packScanOrderCn from './pack-scan-order/cn.json' with { type: 'json' };
import packScanEfCn from './pack-scan-ef/cn.json' with { type: 'json' };
import packScanRefCn from './pack-scan-ref/cn.json' with { type: 'json' };
import shippingCn from './shipping/cn.json' with { type: 'json' };
import loadingCn from './loading/cn.json' with { type: 'json' };
import manifestsCn from './manifests/cn.json' with { type: 'json' };

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
