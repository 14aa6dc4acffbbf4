import { describe, expect, it } from 'vitest';
import { doubleScan } from './use-double-scan.js';

const scanner = { manual: false };

describe('doubleScan', () => {
  it('waits for the second scan, confirms the same code, refuses another', () => {
    const first = doubleScan(null, 'SN1', scanner);
    expect(first).toEqual({ pending: 'SN1', outcome: { kind: 'again', code: 'SN1' } });
    expect(doubleScan('SN1', 'SN1', scanner)).toEqual({ pending: null, outcome: { kind: 'confirmed', code: 'SN1' } });
    expect(doubleScan('SN1', 'SN2', scanner)).toEqual({ pending: null, outcome: { kind: 'inconsistent', code: 'SN2', first: 'SN1' } });
  });

  it('confirms a code typed by hand at once', () => {
    expect(doubleScan(null, 'SN1', { manual: true })).toEqual({ pending: null, outcome: { kind: 'confirmed', code: 'SN1' } });
    expect(doubleScan('SN0', 'SN1', { manual: true }).outcome.kind).toBe('confirmed');
  });
});
