import { describe, expect, it } from 'vitest';
import { qcNeeded, resultSubtitle, resultTitle, shipOutcome, snNeeded, type ShipOrder } from './ship-result.js';

const order = (over: Partial<ShipOrder> = {}): ShipOrder => ({
  status: 20,
  shipQty: 2,
  shipBundleSent: ['T1'],
  alreadyScanned: false,
  skuQCRequiredQty: 0,
  skuQCScannedQty: 0,
  skuQCRemainingQty: 0,
  snRequiredQty: 0,
  snScannedQty: 0,
  snRemainingQty: 0,
  ...over,
});

describe('the shipping scan’s titles and prompts (facts §3.1)', () => {
  it('titles by status with the a/b parcel count', () => {
    expect(resultTitle(order())).toEqual({ key: 'titleScanned', values: { sent: 1, total: 2 } });
    expect(resultTitle(order({ status: 91 }))).toEqual({ key: 'titleSn' });
    expect(resultTitle(order({ status: 95, shipBundleSent: ['T1', 'T2'] }))).toEqual({ key: 'titlePartialQc', values: { sent: 2, total: 2 } });
    expect(resultTitle(order({ status: 96 })).key).toBe('titleReady');
    expect(resultTitle(order({ status: 99 })).key).toBe('titleShippedPartially');
    expect(resultTitle(order({ status: 100 })).key).toBe('titleShipped');
  });

  it('subtitles by status; ready to ship has none', () => {
    expect(resultSubtitle(91)).toEqual({ key: 'subSn' });
    expect(resultSubtitle(95)).toEqual({ key: 'subPartialQc' });
    expect(resultSubtitle(96)).toBeNull();
    expect(resultSubtitle(99)).toEqual({ key: 'subShippedPartially' });
    expect(resultSubtitle(100)).toEqual({ key: 'subShipped' });
    expect(resultSubtitle(20)).toEqual({ key: 'subScanned' });
  });

  it('shows Attention for a canceled order or a cancel request, in red', () => {
    for (const status of [2, 120]) {
      const outcome = shipOutcome(order({ status }));
      expect(outcome).toMatchObject({ tone: 'error', prefix: { key: 'attention' }, title: { key: 'attentionText' }, prompt: null });
    }
  });

  it('a repeat shows Already Scanned; for 96 only the count', () => {
    const repeat = shipOutcome(order({ alreadyScanned: true }));
    expect(repeat).toMatchObject({ tone: 'warning', prefix: { key: 'alreadyScanned' }, title: { key: 'titleScanned' }, subtitle: { key: 'alreadyText' } });
    const ready = shipOutcome(order({ status: 96, alreadyScanned: true, shipBundleSent: ['T1', 'T2'] }));
    expect(ready.title).toEqual({ key: 'count', values: { sent: 2, total: 2 } });
  });

  it('a repeat in partial QC with the QC open reopens the SKU prompt', () => {
    const o = order({ status: 95, alreadyScanned: true, shipBundleSent: ['T1', 'T2'], skuQCRequiredQty: 2, skuQCScannedQty: 1, skuQCRemainingQty: 1 });
    expect(shipOutcome(o)).toMatchObject({ prompt: 'qc', prefix: null });
  });

  it('after a new scan: the SKU QC prompt first, then the SN prompt, else success', () => {
    const done = order({ shipBundleSent: ['T1', 'T2'] });
    expect(qcNeeded(order({ skuQCRequiredQty: 1 }))).toBe(false);
    expect(shipOutcome({ ...done, status: 95, skuQCRequiredQty: 1, skuQCRemainingQty: 1, snRequiredQty: 1, snRemainingQty: 1 })).toMatchObject({
      tone: 'warning',
      prompt: 'qc',
      title: { key: 'titlePartialQc' },
    });
    expect(snNeeded({ ...done, snRequiredQty: 1 })).toBe(true);
    expect(shipOutcome({ ...done, status: 91, snRequiredQty: 1, snRemainingQty: 1 })).toMatchObject({ prompt: 'sn', title: { key: 'titleSn' } });
    expect(shipOutcome({ ...done, status: 96 })).toMatchObject({ tone: 'success', prompt: null, subtitle: null, title: { key: 'titleReady' } });
  });
});
