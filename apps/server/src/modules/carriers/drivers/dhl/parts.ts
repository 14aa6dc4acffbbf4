/**
 * Request parts both DHL Parcel DE APIs share (Shipping API v2 in `index.ts`, Returns API v1 in
 * `returns.ts`): authentication headers, the base address, alpha-3 addresses and customs items.
 */
import { CarrierError, type CarrierAccountConfig, type CarrierAddress, type CustomsData } from '../../driver.js';
import { alpha3 } from './countries.js';

export const EXPORT_TYPES: Record<string, string> = {
  COMMERCIAL_GOODS: 'COMMERCIAL_GOODS',
  GIFT: 'PRESENT',
  PRESENT: 'PRESENT',
  SAMPLE: 'COMMERCIAL_SAMPLE',
  COMMERCIAL_SAMPLE: 'COMMERCIAL_SAMPLE',
  DOCUMENTS: 'DOCUMENT',
  DOCUMENT: 'DOCUMENT',
  RETURN_OF_GOODS: 'RETURN_OF_GOODS',
};

export function country(code: string, field: string): string {
  const c = alpha3(code);
  if (!c) throw new CarrierError('address', `DHL Parcel DE: country ${code} is not supported`, { field });
  return c;
}

export function contactAddress(a: CarrierAddress, field: string) {
  return {
    name1: a.name1,
    ...(a.name2 ? { name2: a.name2 } : {}),
    addressStreet: a.street,
    addressHouse: a.streetNumber,
    ...(a.addition ? { additionalAddressInformation1: a.addition } : {}),
    postalCode: a.zip,
    city: a.city,
    country: country(a.country, field),
    ...(a.email ? { email: a.email } : {}),
    ...(a.phone ? { phone: a.phone } : {}),
  };
}

export function customs(data: CustomsData) {
  const currency = data.lines[0]?.currency ?? 'EUR';
  return {
    ...(data.invoiceNo ? { invoiceNo: data.invoiceNo } : {}),
    exportType: EXPORT_TYPES[data.exportType] ?? 'OTHER',
    ...(EXPORT_TYPES[data.exportType] ? {} : { exportDescription: data.exportType }),
    postalCharges: { currency, value: 0 },
    items: data.lines.map((l) => ({
      itemDescription: l.description.slice(0, 256),
      packagedQuantity: l.quantity,
      countryOfOrigin: country(l.originCountry, 'customs.lines.originCountry'),
      ...(l.hsCode ? { hsCode: l.hsCode } : {}),
      itemValue: { currency: l.currency, value: l.unitValueMinor / 100 },
      itemWeight: { uom: 'kg', value: l.weightKg },
    })),
  };
}

export function headers(account: CarrierAccountConfig): Record<string, string> {
  const { apiKey, username, password } = account.credentials;
  if (!apiKey || !username || !password) throw new CarrierError('auth', 'DHL: the account has no API key, user or password');
  return {
    'dhl-api-key': apiKey,
    authorization: `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`,
    accept: 'application/json',
    'accept-language': account.options.language || 'en-US',
  };
}

export function base(account: CarrierAccountConfig): string {
  return account.endpoint.replace(/\/+$/, '');
}
