import { describe, expect, it } from 'vitest';
import { parseReckonData } from './reckon-data.js';

describe('the reckonData of /printItemlist', () => {
  it('reads a picklist id in the forms a link may carry', () => {
    expect(parseReckonData('12')).toEqual({ id: 12 });
    expect(parseReckonData(encodeURIComponent('{"id":12}'))).toEqual({ id: 12 });
    expect(parseReckonData(encodeURIComponent('{"picklistId":"7"}'))).toEqual({ id: 7 });
  });

  it('reads a picklist number, bare or in an object', () => {
    expect(parseReckonData('PL20260001')).toEqual({ unid: 'PL20260001' });
    expect(parseReckonData(encodeURIComponent('"pl20260002"'))).toEqual({ unid: 'PL20260002' });
    expect(parseReckonData(encodeURIComponent('{"unid":"PL20260002"}'))).toEqual({ unid: 'PL20260002' });
  });

  it('answers nothing for what is not a picklist', () => {
    for (const bad of ['', '0', '-3', encodeURIComponent('{"x":1}'), encodeURIComponent('[1,2]'), encodeURIComponent('"a b;c"'), '%E0%A4%A']) {
      expect(parseReckonData(bad), bad).toBeNull();
    }
  });
});
