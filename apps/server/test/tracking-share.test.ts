import { describe, expect, it } from 'vitest';
import { PollShare } from '../src/modules/outbound/tracking-share.js';

/** A poll round's turns per carrier, shared by the open orders and the carrier gate's parcels (docs/carrier-gate.md "Tracking"). */
const share = (perCarrier: number) => new PollShare(perCarrier, 10, () => ({ take: async () => undefined, done: () => undefined }));
const turns = (s: PollShare, carrier: string, asked: number) => Array.from({ length: asked }, () => s.take(carrier)).filter(Boolean).length;

describe('PollShare (turns of one tracking round)', () => {
  it('gives the orders every turn when no gate parcel waits', () => {
    expect(turns(share(4), 'ups', 9)).toBe(4);
  });

  it('keeps at most half of a carrier’s turns for waiting gate parcels; they take what the orders leave', () => {
    const round = share(5);
    round.reserve('ups', 100);
    expect(turns(round, 'ups', 100)).toBe(3); // orders: 5 − ⌊5/2⌋
    expect(turns(round, 'dpd', 100)).toBe(5); // nothing waits for DPD
    round.release();
    expect(turns(round, 'ups', 100)).toBe(2); // the gate parcels
    expect(turns(round, 'ups', 1)).toBe(0);
  });

  it('keeps no more turns than gate parcels wait, so orders lose nothing to an idle gate', () => {
    const round = share(10);
    round.reserve('ups', 1);
    expect(turns(round, 'ups', 100)).toBe(9);
    round.release();
    expect(turns(round, 'ups', 100)).toBe(1);
  });

  it('gives one pace per carrier to whoever asks', () => {
    const round = share(10);
    expect(round.pace('ups')).toBe(round.pace('ups'));
    expect(round.pace('ups')).not.toBe(round.pace('dpd'));
  });
});
