import type { Kysely } from 'kysely';
import type { Core } from '../../core.js';
import type { DB } from '../../db/types.js';
import type { CarrierAccountsService } from './accounts.service.js';
import { accountsRepo } from './accounts.repo.js';
import { CarrierError, type BoughtParcel, type CarrierAddress, type CarrierCode, type LabelRequest, type LabelResult, type ParcelSpec } from './driver.js';
import { carrierDriver } from './drivers/index.js';
import { checkWeight, zoneOf } from './label-plan.js';
import { classify, type LabelPurchaser } from './label-purchaser.js';

/** What a shipment without an order (the carrier gate's API) resolves to before anything is bought. */
export interface DirectPlan {
  accountId: number;
  carrier: CarrierCode;
  product: string;
}

export interface DirectPlanInput {
  product: string;
  carrier?: CarrierCode | undefined;
  /** Carriers the buyer may use; empty: all. */
  allowedCarriers: readonly string[];
  shipper: CarrierAddress;
  consignee: CarrierAddress;
  parcels: Array<Pick<ParcelSpec, 'weightKg'>>;
}

/**
 * Labels of a shipment that is not an order (issue 17 item 8: the carrier gate's own customers). The
 * rules and the driver calls are the order labels' own (label-plan.ts, LabelPurchaser's deadline and
 * error classification); the caller keeps its parcel rows and keys, writes them before calling `buy`
 * (after its transaction committed) and never buys a key whose outcome is unknown without `lookup`.
 */
export class DirectLabels {
  constructor(
    private readonly core: Core,
    private readonly accounts: CarrierAccountsService,
    private readonly purchaser: LabelPurchaser,
  ) {}

  /** The first active account (by name) whose driver sells the product, with the zone and weight checked. */
  async plan(db: Kysely<DB>, input: DirectPlanInput): Promise<DirectPlan> {
    const candidates = (await accountsRepo.list(db)).filter(
      (a) =>
        a.active &&
        (!input.carrier || a.carrier === input.carrier) &&
        (input.allowedCarriers.length === 0 || input.allowedCarriers.includes(a.carrier)) &&
        carrierDriver(a.carrier)?.products.some((p) => p.code === input.product),
    );
    const account = candidates[0];
    if (!account) throw new CarrierError('service', `no carrier account sells ${input.product}`, { retryable: false, field: 'product' });
    const driver = carrierDriver(account.carrier)!;
    const product = driver.products.find((p) => p.code === input.product)!;
    const zone = zoneOf(input.shipper.country, input.consignee.country);
    if (!product.zones.includes(zone))
      throw new CarrierError('service', `${product.name} does not ship to ${input.consignee.country}`, { retryable: false, field: 'product' });
    // Customs data is not taken by the gate's API yet: a destination outside the EU is refused before any call.
    if (zone === 'world')
      throw new CarrierError('customs', `customs data is needed for ${input.consignee.country}`, { retryable: false, field: 'receiver.country' });
    checkWeight(
      product,
      input.parcels.map((p) => ({ key: '', weightKg: p.weightKg })),
    );
    return { accountId: Number(account.id), carrier: driver.code, product: product.code };
  }

  private async config(accountId: number) {
    const account = await this.accounts.configOf(this.core.db, accountId);
    if (!account) throw new CarrierError('service', 'the carrier account is gone', { retryable: false });
    return account;
  }

  /** Buys the parcels' labels in one driver call, outside any transaction; a failure is a classified CarrierError. */
  async buy(accountId: number, request: Omit<LabelRequest, 'account'>): Promise<LabelResult> {
    const { driver, config } = await this.config(accountId);
    try {
      return await this.purchaser.withDeadline((ctx) => driver.buy({ ...request, account: config }, ctx));
    } catch (error) {
      throw classify(error);
    }
  }

  /** Finds what the carrier sold under a key whose answer was lost; `unsupported` when the carrier cannot search. */
  async lookup(accountId: number, key: string): Promise<BoughtParcel | null | 'unsupported'> {
    const { driver, config } = await this.config(accountId);
    if (!driver.lookup) return 'unsupported';
    try {
      return await this.purchaser.withDeadline((ctx) => driver.lookup!(config, key, ctx));
    } catch (error) {
      throw classify(error);
    }
  }

  /** Voids a bought label at its carrier; answers the failure or null. */
  async void(accountId: number, parcel: { trackingNumber: string; carrierRef: string }): Promise<CarrierError | null> {
    try {
      const { driver, config } = await this.config(accountId);
      await this.purchaser.withDeadline((ctx) => driver.void(config, parcel, ctx));
      return null;
    } catch (error) {
      return classify(error);
    }
  }
}

/** An address as the contracts' shipper schema holds it (empty optional fields as ''), as a driver takes it. */
export function toCarrierAddress(a: {
  name1: string;
  name2?: string;
  street: string;
  streetNumber?: string;
  zip: string;
  city: string;
  country: string;
  phone?: string;
  email?: string;
}): CarrierAddress {
  return {
    name1: a.name1,
    ...(a.name2 ? { name2: a.name2 } : {}),
    street: a.street,
    streetNumber: a.streetNumber ?? '',
    zip: a.zip,
    city: a.city,
    country: a.country,
    ...(a.phone ? { phone: a.phone } : {}),
    ...(a.email ? { email: a.email } : {}),
  };
}
