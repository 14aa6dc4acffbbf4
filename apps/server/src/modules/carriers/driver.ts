/**
 * The one interface every carrier driver implements (issue 17 item 2). A driver is one folder under
 * `carriers/drivers/<code>/` that speaks its carrier's real request and response formats and nothing
 * else: it knows no table, no order, no tenant. The carriers service resolves an order to a
 * `LabelRequest`, calls the driver after the order's transaction has committed, and stores what comes
 * back. Adding a carrier adds a folder and one line in `drivers/index.ts`; no other module changes.
 *
 * Modelled on Karrio's split of a carrier into settings, a request mapper and a response parser, with
 * what a warehouse needs on top: one idempotency key per parcel, errors classified so the label queue
 * knows whether a retry can help, and a void for every parcel a failed multi-parcel purchase left bought.
 */

/** Carriers Kontor has a driver for. `sandbox` makes valid-looking labels offline (npm start, demo). */
export type CarrierCode = 'sandbox' | 'dhl' | 'dpd' | 'ups';

/** A postal address as a carrier needs it; country is ISO 3166-1 alpha-2. */
export interface CarrierAddress {
  name1: string;
  name2?: string;
  street: string;
  streetNumber: string;
  addition?: string;
  zip: string;
  city: string;
  country: string;
  phone?: string;
  email?: string;
}

/** One parcel to label. `key` is the parcel's idempotency key, stable across every retry. */
export interface ParcelSpec {
  key: string;
  /** Kilograms, three decimals at most. */
  weightKg: number;
  lengthCm?: number;
  widthCm?: number;
  heightCm?: number;
  /**
   * This parcel's own share of the order's customs declaration (the units packed in it). Drivers that
   * send one shipment per parcel (DHL, DPD) declare this, not the whole order; absent: `customs`.
   */
  customs?: CustomsData;
}

/** One customs line for a destination outside the EU customs union. */
export interface CustomsLine {
  description: string;
  quantity: number;
  /** The value of ONE unit in minor units (the item's customs value); a line is worth quantity × this. */
  unitValueMinor: number;
  currency: string;
  /** The weight of one unit. */
  weightKg: number;
  hsCode?: string;
  originCountry: string;
}

export interface CustomsData {
  /** e.g. 'COMMERCIAL_GOODS', 'GIFT', 'RETURN_OF_GOODS', 'DOCUMENTS', 'SAMPLE'. */
  exportType: string;
  invoiceNo?: string;
  lines: CustomsLine[];
}

export type LabelFormat = 'pdf' | 'zpl';

/** An account's settings as the driver needs them; credentials are decrypted only for the call. */
export interface CarrierAccountConfig {
  carrier: CarrierCode;
  /** The carrier's API base address; tests point it at a local fake. */
  endpoint: string;
  /** Decrypted credential fields, named per driver (`credentialFields`). Never logged, never answered. */
  credentials: Record<string, string>;
  /** Account numbers and other non-secret settings, named per driver (e.g. DHL billing numbers). */
  options: Record<string, string>;
}

export interface LabelRequest {
  account: CarrierAccountConfig;
  /** The carrier's product code, e.g. `V01PAK` (DHL Paket), `CL` (DPD Classic), `11` (UPS Standard). */
  product: string;
  /** The carrier's service codes, e.g. `preferredNeighbour`, `PREDICT`, `SATURDAY_DELIVERY`. */
  services: string[];
  shipper: CarrierAddress;
  consignee: CarrierAddress;
  parcels: ParcelSpec[];
  /** The order's own number, printed on the label as the reference. */
  reference: string;
  customs?: CustomsData;
  /** Buy a return label (consignee and shipper swapped on the carrier's side where it has a return product). */
  returnLabel?: boolean;
  format: LabelFormat;
}

/** One parcel the carrier sold a label for. */
export interface BoughtParcel {
  key: string;
  trackingNumber: string;
  /** The carrier's id of the shipment, needed to void it (often the tracking number itself). */
  carrierRef: string;
  label: Buffer;
  format: LabelFormat;
  /** What the carrier charged, when its answer says; else the account's price list applies. */
  costMinor?: number;
  currency?: string;
}

export interface LabelResult {
  parcels: BoughtParcel[];
  /** Any extra document the carrier answered (a customs declaration, a return label). */
  documents?: { kind: 'customs' | 'return'; format: LabelFormat; content: Buffer }[];
}

/**
 * What went wrong, classified for the label queue. `retryable` says whether the same request may
 * succeed later (timeouts, 5xx, rate limits); `uncertain` says the carrier may have sold the label
 * although no answer arrived, so the caller must look it up or void before buying again.
 */
export type CarrierErrorKind =
  | 'address' // the carrier refused the address (street, zip, city, country)
  | 'weight' // above or below the product's limits
  | 'dimensions'
  | 'customs' // a customs value or line is missing or refused
  | 'service' // product or service not allowed for this route or account
  | 'auth' // revoked or wrong credentials
  | 'timeout'
  | 'unavailable' // 5xx, rate limit, network
  | 'refused'; // any other refusal by the carrier

export class CarrierError extends Error {
  constructor(
    readonly kind: CarrierErrorKind,
    /** The carrier's own words (shown to staff next to Kontor's translated reason). */
    readonly carrierMessage: string,
    readonly options: { retryable?: boolean; uncertain?: boolean; field?: string; httpStatus?: number } = {},
  ) {
    super(`${kind}: ${carrierMessage}`);
    this.name = 'CarrierError';
  }
  get retryable(): boolean {
    return this.options.retryable ?? (this.kind === 'timeout' || this.kind === 'unavailable');
  }
  get uncertain(): boolean {
    return this.options.uncertain ?? this.kind === 'timeout';
  }
}

/** A product a driver offers, with the limits the service checks before calling the carrier. */
export interface CarrierProductDef {
  code: string;
  /** i18n-free display name (a brand name, the same in every language). */
  name: string;
  maxWeightKg: number;
  /** Destinations: 'domestic' (the shipper's country), 'eu', 'world'. */
  zones: ('domestic' | 'eu' | 'world')[];
  services: string[];
  returnProduct?: string;
}

export interface TrackingEvent {
  trackingNumber: string;
  at: string; // ISO time
  /** Kontor's event kind; the shipping issue maps it to order states. */
  kind: 'info' | 'in_transit' | 'in_delivery' | 'delivered' | 'exception' | 'returned';
  carrierCode: string;
  text: string;
  location?: string;
  /** The carrier's own id of the event where it has one; else the event is known by its time and code. */
  eventId?: string;
  /** Which delivery exception, when `kind` is `exception` (`returned` means returnedToSender). */
  exception?: TrackingException;
}

/** Delivery exceptions Kontor tells apart (issue 19 item 5); anything else is `other`. */
export type TrackingException = 'addressUnknown' | 'damaged' | 'returnedToSender' | 'other';

/**
 * Tracking events a carrier pushes (issue 19 item 5, docs/shipping.md "Webhooks"): how a push proves it
 * comes from the carrier, and how its body reads. The secret is the account's `webhookSecret` credential.
 * - `hmac-sha256`: `header` holds the hex HMAC-SHA256 of the raw body keyed with the secret (a
 *   `sha256=` prefix is allowed);
 * - `credential`: `header` holds the secret itself, as the carrier was given it when subscribing (UPS
 *   Track Alert's `credential` header).
 * Both are compared in constant time.
 */
export interface CarrierWebhook {
  scheme: 'hmac-sha256' | 'credential';
  /** The header's name, lower-case. */
  header: string;
  /** The events of a verified body; a body without events answers []. */
  parse(body: unknown): TrackingEvent[];
}

/**
 * Where a carrier that pushes tracking events sends them for the parcels subscribed (UPS Track Alert):
 * Kontor's webhook address for the carrier and the credential the carrier sends back with each push
 * (the account's `webhookSecret`, checked by `webhook`).
 */
export interface TrackingDestination {
  url: string;
  credential: string;
}

/** What a subscription call answered: the numbers the carrier took, and those it refused (unknown to it). */
export interface SubscriptionResult {
  subscribed: string[];
  refused: string[];
}

/** One handed-over parcel to put on a carrier's end-of-day manifest. */
export interface ManifestParcel {
  trackingNumber: string;
  /** The carrier's id of the shipment (DHL: the shipment number); the tracking number when unknown. */
  carrierRef: string;
}

/** What a carrier's close-out call answered (issue 19 item 4, docs/manifests.md). */
export interface ManifestResult {
  /** The carrier's reference of the manifest or close-out, where it answers one; else ''. */
  reference: string;
  /** A manifest document the carrier answered (DHL: the daily closing list as PDF), when it did. */
  document?: { format: 'pdf'; content: Buffer };
}

/**
 * How a carrier learns which parcels a warehouse handed over at the end of the day:
 * - `manifest-call`: the carrier's API has a manifest / close-out call (DHL Parcel DE `POST /manifests`);
 *   the driver implements `manifest`.
 * - `none`: the carrier's API has none (its parcel data travels with each label); Kontor makes only the
 *   manifest documents for the driver to sign.
 */
export type EndOfDay = 'manifest-call' | 'none';

/** Calls carry a deadline and the transport, so tests can fake both. */
export interface DriverContext {
  fetch: typeof fetch;
  timeoutMs: number;
  signal?: AbortSignal;
}

export interface CarrierDriver {
  readonly code: CarrierCode;
  readonly products: CarrierProductDef[];
  /** Names of the secret fields an account of this carrier stores encrypted (e.g. apiKey, password). */
  readonly credentialFields: string[];
  /** Names of the plain account settings (e.g. billingNumber, customerNumber, depot). */
  readonly optionFields: string[];
  /** The production API address, the default of a new account. */
  readonly defaultEndpoint: string;
  /** Buys every parcel's label in one request where the carrier allows, else parcel by parcel. */
  buy(request: LabelRequest, ctx: DriverContext): Promise<LabelResult>;
  /** Voids (cancels) a bought label. Voiding one the carrier already voided succeeds. */
  void(account: CarrierAccountConfig, parcel: { trackingNumber: string; carrierRef: string }, ctx: DriverContext): Promise<void>;
  /**
   * Finds a label bought under a parcel key when an answer was lost, where the carrier can search by
   * reference; absent where it cannot (the caller then voids by reference or asks staff).
   */
  lookup?(account: CarrierAccountConfig, key: string, ctx: DriverContext): Promise<BoughtParcel | null>;
  /** Whether the carrier has an end-of-day manifest call (`manifest`) or none (documents only). */
  readonly endOfDay: EndOfDay;
  /**
   * Manifests (closes out) handed-over parcels with the carrier; present exactly when `endOfDay` is
   * `manifest-call`. Manifesting a parcel the carrier already manifested succeeds.
   */
  manifest?(account: CarrierAccountConfig, parcels: ManifestParcel[], ctx: DriverContext): Promise<ManifestResult>;
  /** Tracking events of some tracking numbers (the shipping issue polls it). */
  track?(account: CarrierAccountConfig, trackingNumbers: string[], ctx: DriverContext): Promise<TrackingEvent[]>;
  /** Pushed tracking events, where the carrier offers them (absent: the carrier is only polled). */
  readonly webhook?: CarrierWebhook;
  /**
   * Asks the carrier to push the events of these tracking numbers to `destination`, where the carrier
   * pushes only what was subscribed (UPS Track Alert); absent where pushes need no subscription.
   * Subscribing a number again succeeds.
   */
  subscribe?(account: CarrierAccountConfig, trackingNumbers: string[], destination: TrackingDestination, ctx: DriverContext): Promise<SubscriptionResult>;
}
