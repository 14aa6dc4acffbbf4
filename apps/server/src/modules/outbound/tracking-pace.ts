/** How the poll waits and tells time, and how it keeps a carrier's rate limit (tracking.service.ts). */

/** How the poll waits and tells time; tests and benchmarks may pass their own. */
export interface PollClock {
  now(): number;
  sleep(ms: number): Promise<void>;
}
export const realClock: PollClock = { now: () => Date.now(), sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)) };

/**
 * A carrier's rate limit kept over a sliding second: a call of `n` numbers starts only when the calls
 * that ended within the last second and it together ask about at most `perSecond` numbers. A call's
 * requests fall between its start and its end, so no window of one second sees more than the limit.
 */
export class CarrierPace {
  private ended: Array<{ at: number; n: number }> = [];

  constructor(
    private readonly perSecond: number,
    private readonly clock: PollClock,
  ) {}

  async take(n: number): Promise<void> {
    for (;;) {
      const now = this.clock.now();
      this.ended = this.ended.filter((e) => e.at > now - 1000);
      const used = this.ended.reduce((sum, e) => sum + e.n, 0);
      if (used + n <= this.perSecond || this.ended.length === 0) return;
      await this.clock.sleep(Math.max(1, this.ended[0]!.at + 1000 - now));
    }
  }

  done(n: number): void {
    this.ended.push({ at: this.clock.now(), n });
  }
}
