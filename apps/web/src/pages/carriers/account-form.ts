import type { CarrierCodeName } from '@kontor/contracts/domains/carriers';
import type { AccountWrite, CarrierAccount, CarrierDriverInfo } from './carriers-api.js';

/** The shipper fields of an account, in the order the form shows them. */
export const SHIPPER_FIELDS = ['name1', 'name2', 'street', 'streetNumber', 'zip', 'city', 'country', 'phone', 'email'] as const;
export type ShipperField = (typeof SHIPPER_FIELDS)[number];

/** What the account editor holds. Credentials start empty: a stored secret is never shown, only "set". */
export interface AccountFormValues {
  name: string;
  carrier: CarrierCodeName;
  endpoint?: string;
  active: boolean;
  credentials?: Record<string, string | undefined>;
  /** Stored credentials the user chose to remove. */
  clearCredentials?: string[];
  options?: Record<string, string | undefined>;
  withShipper: boolean;
  shipper?: Partial<Record<ShipperField, string>>;
}

/** The editor's first values: an account as answered (without secrets), or a new one of the first driver. */
export function accountFormValues(account: CarrierAccount | null, defaultCarrier: CarrierCodeName): AccountFormValues {
  if (!account) return { name: '', carrier: defaultCarrier, endpoint: '', active: true, credentials: {}, options: {}, withShipper: false, shipper: {} };
  return {
    name: account.name,
    carrier: account.carrier,
    endpoint: account.endpoint,
    active: account.active,
    credentials: {},
    clearCredentials: [],
    options: { ...account.options },
    withShipper: !!account.shipper,
    shipper: account.shipper ? { ...account.shipper } : {},
  };
}

const trimmed = (record: Record<string, string | undefined> | undefined, names: readonly string[]) =>
  Object.fromEntries(names.map((name) => [name, (record?.[name] ?? '').trim()]));

/**
 * The body of a create or change. Only credentials typed anew are sent (a blank field keeps the stored
 * secret; a removed one is sent empty, which the server deletes), so the browser never needs a secret
 * it did not type. The carrier of an existing account cannot change (its credentials belong to it).
 */
export function accountPayload(values: AccountFormValues, driver: CarrierDriverInfo | undefined, existing: CarrierAccount | null): AccountWrite {
  const credentialFields = driver?.credentialFields ?? [];
  const credentials: Record<string, string> = {};
  for (const name of values.clearCredentials ?? []) if (credentialFields.includes(name)) credentials[name] = '';
  for (const name of credentialFields) {
    const typed = values.credentials?.[name];
    // Secrets are taken as typed: a space may belong to a password; only an empty field means "keep".
    if (typed !== undefined && typed !== '') credentials[name] = typed;
  }
  const options = trimmed(values.options, driver?.optionFields ?? []);
  const shipper = values.withShipper ? (trimmed(values.shipper, SHIPPER_FIELDS) as Record<ShipperField, string>) : null;
  if (shipper) shipper.country = shipper.country.toUpperCase();
  const body: AccountWrite = { name: values.name.trim(), endpoint: (values.endpoint ?? '').trim(), options, shipper, active: values.active };
  if (!existing) return { ...body, carrier: values.carrier, credentials };
  return Object.keys(credentials).length ? { ...body, credentials } : body;
}

/**
 * Sandbox or live, as the list shows it: the sandbox carrier makes labels offline; an account of a real
 * carrier pointed at an address other than the driver's production one is a test account; else live.
 */
export function accountMode(account: Pick<CarrierAccount, 'carrier' | 'endpoint'>, driver: CarrierDriverInfo | undefined): 'sandbox' | 'test' | 'live' {
  if (account.carrier === 'sandbox') return 'sandbox';
  const endpoint = account.endpoint.replace(/\/+$/, '');
  if (endpoint && endpoint !== (driver?.defaultEndpoint ?? '').replace(/\/+$/, '')) return 'test';
  return 'live';
}

/**
 * Credential fields the driver asks for that hold no value yet: a real carrier refuses the account without
 * them. The sandbox needs none (its apiKey only lets a demo try a revoked key), so it is never warned about.
 */
export function missingCredentials(account: Pick<CarrierAccount, 'carrier' | 'credentialsSet'>, driver: CarrierDriverInfo | undefined): string[] {
  if (account.carrier === 'sandbox') return [];
  return (driver?.credentialFields ?? []).filter((name) => !account.credentialsSet.includes(name));
}
