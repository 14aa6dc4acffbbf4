import { describe, expect, it } from 'vitest';
import { accountFormValues, accountMode, accountPayload, missingCredentials } from './account-form.js';
import type { CarrierAccount, CarrierDriverInfo } from './carriers-api.js';

const dhl: CarrierDriverInfo = {
  code: 'dhl',
  products: [],
  credentialFields: ['apiKey', 'username', 'password'],
  optionFields: ['billingNumber', 'profile'],
  defaultEndpoint: 'https://api-eu.dhl.com/parcel/de/shipping/v2/',
};
const stored: CarrierAccount = {
  id: 7,
  name: 'DHL main',
  carrier: 'dhl',
  endpoint: '',
  credentialsSet: ['apiKey', 'username', 'password'],
  options: { billingNumber: '33333333330102', profile: 'STANDARD_GRUPPENPROFIL' },
  shipper: null,
  active: true,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
  version: 1,
};

describe('account editor payload', () => {
  it('never starts with a secret and sends none the user did not type', () => {
    const values = accountFormValues(stored, 'sandbox');
    expect(values.credentials).toEqual({});
    const body = accountPayload({ ...values, name: ' DHL main 2 ' }, dhl, stored);
    expect(body).not.toHaveProperty('credentials');
    expect(body).not.toHaveProperty('carrier');
    expect(body.name).toBe('DHL main 2');
    expect(body.options).toEqual({ billingNumber: '33333333330102', profile: 'STANDARD_GRUPPENPROFIL' });
  });

  it('replaces only typed credentials, untrimmed, and removes the cleared ones', () => {
    const values = { ...accountFormValues(stored, 'sandbox'), credentials: { password: ' new pass ', apiKey: '' }, clearCredentials: ['username'] };
    expect(accountPayload(values, dhl, stored).credentials).toEqual({ password: ' new pass ', username: '' });
  });

  it('creates with the carrier, trimmed options and an upper-case shipper country', () => {
    const values = {
      ...accountFormValues(null, 'dhl'),
      name: 'New',
      credentials: { apiKey: 'k', username: 'u', password: 'p', unknown: 'x' },
      options: { billingNumber: ' 123 ', stray: 'x' },
      withShipper: true,
      shipper: { name1: 'Lager', street: 'Weg', zip: '20095', city: 'Hamburg', country: 'de' },
    };
    const body = accountPayload(values, dhl, null);
    expect(body.carrier).toBe('dhl');
    expect(body.credentials).toEqual({ apiKey: 'k', username: 'u', password: 'p' });
    expect(body.options).toEqual({ billingNumber: '123', profile: '' });
    expect(body.shipper).toMatchObject({ name1: 'Lager', country: 'DE', name2: '' });
  });

  it('sends no shipper when the account prints the order sender', () => {
    expect(accountPayload({ ...accountFormValues(null, 'dhl'), name: 'x' }, dhl, null).shipper).toBeNull();
  });
});

describe('account mode and missing credentials', () => {
  it('tells sandbox, test and live apart', () => {
    expect(accountMode({ carrier: 'sandbox', endpoint: '' }, undefined)).toBe('sandbox');
    expect(accountMode({ carrier: 'dhl', endpoint: '' }, dhl)).toBe('live');
    expect(accountMode({ carrier: 'dhl', endpoint: 'https://api-eu.dhl.com/parcel/de/shipping/v2' }, dhl)).toBe('live');
    expect(accountMode({ carrier: 'dhl', endpoint: 'https://api-sandbox.dhl.com/parcel/de/shipping/v2' }, dhl)).toBe('test');
  });

  it('names the credential fields still empty, never for the sandbox', () => {
    expect(missingCredentials({ carrier: 'dhl', credentialsSet: ['apiKey'] }, dhl)).toEqual(['username', 'password']);
    expect(missingCredentials({ carrier: 'sandbox', credentialsSet: [] }, { ...dhl, code: 'sandbox', credentialFields: ['apiKey'] })).toEqual([]);
  });
});
