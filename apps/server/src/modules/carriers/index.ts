/**
 * The carriers module's front door (issue 17): carrier accounts and rules, buying and voiding labels,
 * the label queue and the carrier gate's calls. Drivers live under `drivers/` behind `driver.ts`.
 */
import type { Core } from '../../core.js';
import { CarrierAccountsService } from './accounts.service.js';
import { CarrierRulesService } from './carrier-rules.service.js';
import { DirectLabels } from './direct-labels.js';
import { CarrierGateService } from './gate.service.js';
import { LabelsService } from './labels.service.js';
import { CarrierPricesService } from './prices.service.js';
import { CarrierWebhooksService } from './webhooks.service.js';

export type { CarrierDriver, CarrierCode, LabelRequest, LabelResult, BoughtParcel, DriverContext, TrackingEvent, TrackingException } from './driver.js';
export { CarrierError } from './driver.js';
export { webhookSignature } from './webhooks.service.js';
export { sandboxTrackingNumber } from './drivers/sandbox/tracking-number.js';
export { trackingConfigOf } from './accounts.service.js';
export { trackingSources, type TrackingSource } from './tracking-source.js';
export { storedTrackingEvent, trackingEventAnswer, trackingEventColumns, type StoredTrackingEvent } from './tracking-event.js';
export type { CarrierAddress } from './driver.js';
export type { DirectPlan } from './direct-labels.js';
export { toCarrierAddress } from './direct-labels.js';
export { registerCarrierDriver, carrierDriver, carrierDrivers } from './drivers/index.js';
export { LABEL_RETRY_JOB } from './labels.service.js';
export { TRACK_SUBSCRIBE_ATTEMPTS, TRACK_SUBSCRIBE_JOB, type SubscribeOutcome, type UnsubscribedLabel } from './tracking-subscriptions.service.js';
export { SecretBox } from './secret-box.js';
export type { GatePlan } from './gate.service.js';

function wire(core: Core) {
  const accounts = new CarrierAccountsService(core);
  const labels = new LabelsService(core, accounts);
  return {
    accounts,
    rules: new CarrierRulesService(core),
    labels,
    gate: new CarrierGateService(core, labels),
    prices: new CarrierPricesService(core),
    direct: new DirectLabels(core, accounts, labels.purchaser),
    webhooks: new CarrierWebhooksService(core, accounts),
    /** Track Alert subscriptions, also for labels bought outside an order (the carrier gate's shipments). */
    subscriptions: labels.subscriptions,
  };
}

const wired = new WeakMap<Core, ReturnType<typeof wire>>();

/** The module's services, built once per core. */
export function carriersServices(core: Core) {
  let services = wired.get(core);
  if (!services) wired.set(core, (services = wire(core)));
  return services;
}
export { carrierSetup } from './carrier-setup.service.js';
