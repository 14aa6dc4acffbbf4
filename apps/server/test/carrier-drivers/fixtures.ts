import type { CarrierAddress, DriverContext, LabelRequest, ParcelSpec } from '../../src/modules/carriers/driver.js';

/** The warehouse that ships, and consignees at home, in the EU and outside it. */
export const WAREHOUSE: CarrierAddress = {
  name1: 'Kontor Fulfilment GmbH',
  street: 'Lagerstraße',
  streetNumber: '12',
  zip: '53113',
  city: 'Bonn',
  country: 'DE',
  phone: '+49 228 123456',
  email: 'lager@example.com',
};

export const CONSIGNEE_DE: CarrierAddress = {
  name1: 'Erika Mustermann',
  street: 'Heidestraße',
  streetNumber: '17',
  zip: '51147',
  city: 'Köln',
  country: 'DE',
  email: 'erika@example.com',
  phone: '+49 221 555',
};

export const CONSIGNEE_CH: CarrierAddress = {
  name1: 'Hans Muster',
  street: 'Bahnhofstrasse',
  streetNumber: '1',
  zip: '8001',
  city: 'Zürich',
  country: 'CH',
  phone: '+41 44 000 00 00',
};

export function parcels(...weights: number[]): ParcelSpec[] {
  return weights.map((weightKg, i) => ({ key: `ord-1001-p${i + 1}`, weightKg, lengthCm: 30, widthCm: 20, heightCm: 10 }));
}

export function ctx(timeoutMs = 2000): DriverContext {
  return { fetch: globalThis.fetch, timeoutMs };
}

export type RequestBase = Omit<LabelRequest, 'account'>;

export function baseRequest(product: string, over: Partial<RequestBase> = {}): RequestBase {
  return {
    product,
    services: [],
    shipper: WAREHOUSE,
    consignee: CONSIGNEE_DE,
    parcels: parcels(2.5),
    reference: 'ORD-1001',
    format: 'pdf',
    ...over,
  };
}

/** Runs `fn` and answers the error it threw (fails when it threw none). */
export async function caught<T = Error>(fn: () => Promise<unknown>): Promise<T> {
  try {
    await fn();
  } catch (err) {
    return err as T;
  }
  throw new Error('expected an error');
}

/** Polls `cond` until it holds (or fails after `ms`): for what a slow fake does after the client gave up. */
export async function eventually(cond: () => boolean, ms = 5000): Promise<void> {
  const until = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}
