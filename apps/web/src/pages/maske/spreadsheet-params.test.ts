import { describe, expect, it } from 'vitest';
import { parseFilter, spreadsheetToListParams } from './spreadsheet-params.js';

describe('spreadsheet parameters', () => {
  it('turns search, a JSON filter and pk into the list state, keeping mask and fields', () => {
    const out = spreadsheetToListParams(new URLSearchParams('mask=settings.tax&fields=country,rate&search=de&filter={"kind":"reduced"}&pk=7'), 'id');
    expect(out!.toString()).toBe('mask=settings.tax&fields=country%2Crate&q=de&f.kind=reduced&f.id=7');
  });
  it('leaves a URL without them alone, and reads field=value pairs', () => {
    expect(spreadsheetToListParams(new URLSearchParams('mask=x&q=a'), 'id')).toBeNull();
    expect(parseFilter('country=DE,kind=zero')).toEqual({ country: 'DE', kind: 'zero' });
    expect(parseFilter('{"a": null, "b": 2}')).toEqual({ b: '2' });
  });
});
