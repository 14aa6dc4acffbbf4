import type { Mask } from '@kontor/contracts/masks';
import { describe, expect, it } from 'vitest';
import { stepCall } from './actions.js';

const mask = { pk: 'id' } as Mask;

describe('stepCall', () => {
  it('fills {field} placeholders from the record and sends the loaded version with a delete', () => {
    expect(stepCall({ type: 'fetch', api: '/v0/lookup/{id}', method: 'DELETE' }, mask, { id: 7, version: 3 })).toEqual({
      url: '/v0/lookup/7?version=3',
      method: 'DELETE',
    });
  });
  it('sends the record key as a parameter when the api has no placeholder', () => {
    expect(stepCall({ type: 'fetch', api: '/v0/p11yorders/release', method: 'POST', pk: 'unid' }, mask, { unid: 'MO1' })).toEqual({
      url: '/v0/p11yorders/release',
      method: 'POST',
      q: { unid: 'MO1' },
    });
  });
});
