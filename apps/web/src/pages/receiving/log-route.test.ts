import { describe, expect, it } from 'vitest';
import { logRoute } from './log-route.js';

describe('logging scan routing (facts §3.4)', () => {
  it('sends MI numbers to the inbound orders without their box or pallet suffix', () => {
    expect(logRoute('MI20261123000001')).toEqual({ kind: 'inbound', q: 'MI20261123000001' });
    expect(logRoute('MI20261123000001P003')).toEqual({ kind: 'inbound', q: 'MI20261123000001' });
    expect(logRoute('mi20261123000001p012')).toEqual({ kind: 'inbound', q: 'mi20261123000001' });
  });

  it('sends MIC numbers and every other code to the outbound orders unchanged', () => {
    expect(logRoute('MIC0001P001')).toEqual({ kind: 'outbound', q: 'MIC0001P001' });
    expect(logRoute('MO20260001')).toEqual({ kind: 'outbound', q: 'MO20260001' });
    expect(logRoute('1Z999AA10123456784')).toEqual({ kind: 'outbound', q: '1Z999AA10123456784' });
  });
});
