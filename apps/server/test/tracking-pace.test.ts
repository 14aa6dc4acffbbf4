import { describe, expect, it } from 'vitest';
import { CarrierPace, type PollClock } from '../src/modules/outbound/tracking-pace.js';

/** A clock that only moves when the pace sleeps or a call takes time. */
function fakeClock(): PollClock & { t: number; advance(ms: number): void } {
  const clock = {
    t: 0,
    now: () => clock.t,
    sleep: async (ms: number) => {
      clock.t += ms;
    },
    advance: (ms: number) => {
      clock.t += ms;
    },
  };
  return clock;
}

/** The most requests seen in any window of one second, given each request's time. */
function busiestSecond(times: number[]): number {
  let max = 0;
  for (const start of times) max = Math.max(max, times.filter((t) => t >= start && t < start + 1000).length);
  return max;
}

describe('CarrierPace (the tracking poll keeps to a carrier rate limit)', () => {
  it('never lets more numbers than the limit be asked about within one second, however fast the carrier answers', async () => {
    const clock = fakeClock();
    const pace = new CarrierPace(25, clock);
    const requests: number[] = [];
    for (let call = 0; call < 40; call++) {
      await pace.take(10);
      // The driver asks about each number in its own request, 3 ms apart.
      for (let n = 0; n < 10; n++) {
        requests.push(clock.t);
        clock.advance(3);
      }
      pace.done(10);
    }
    expect(requests).toHaveLength(400);
    expect(busiestSecond(requests)).toBeLessThanOrEqual(25);
    // And it does not dawdle: 400 numbers at 25 per second need at least 16 s, and take less than 25 s.
    expect(clock.t).toBeGreaterThanOrEqual(15_000);
    expect(clock.t).toBeLessThan(25_000);
  });

  it('lets a call larger than the limit through alone rather than waiting for ever', async () => {
    const clock = fakeClock();
    const pace = new CarrierPace(5, clock);
    await pace.take(8);
    clock.advance(10);
    pace.done(8);
    const before = clock.t;
    await pace.take(8);
    expect(clock.t - before).toBeGreaterThanOrEqual(990);
  });
});
