import { describe, expect, it } from 'vitest';
import { labelValues } from './SpreadsheetLabels.js';

describe('spreadsheet label values', () => {
  it('takes the named field of each record, skipping empty ones, numbers as text', () => {
    const rows = [{ code: 'A-01-01-01' }, { code: '' }, { code: 42 }, { code: null }, { other: 'x' }, { code: ' B-02 ' }];
    expect(labelValues(rows, 'code')).toEqual(['A-01-01-01', '42', ' B-02 ']);
  });
});
