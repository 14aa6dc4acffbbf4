/** A carrier's rate limit as a poll round keeps it (`CarrierPace`: a sliding second). */
export interface Pace {
  take(n: number): Promise<void>;
  done(n: number): void;
}

/**
 * One poll round's per-carrier budget and rate limits (docs/shipping.md "The poll"), shared by whoever
 * polls in the round: the open orders first, then the carrier gate's parcels (docs/carrier-gate.md
 * "Tracking"). Each carrier answers at most `perCarrier` holders of parcels a round and at most
 * `perSecond` numbers a second, whoever asks. Parcels polled later in the round may have up to half a
 * carrier's turns kept for them, so neither kind of parcel can take every turn from the other.
 */
export class PollShare {
  private readonly taken = new Map<string, number>();
  private readonly reserved = new Map<string, number>();
  private readonly paces = new Map<string, Pace>();

  constructor(
    readonly perCarrier: number,
    readonly perSecond: number,
    private readonly newPace: () => Pace,
  ) {}

  /** Keeps turns with the carrier for `waiting` parcels polled later in the round: at most half its turns. */
  reserve(carrier: string, waiting: number): void {
    this.reserved.set(carrier, Math.min(waiting, Math.floor(this.perCarrier / 2)));
  }

  /** Lifts every reservation: the later poller takes what the earlier left. */
  release(): void {
    this.reserved.clear();
  }

  /** One turn with the carrier this round; false when its turns are taken (or kept for later). */
  take(carrier: string): boolean {
    const taken = this.taken.get(carrier) ?? 0;
    if (taken + (this.reserved.get(carrier) ?? 0) >= this.perCarrier) return false;
    this.taken.set(carrier, taken + 1);
    return true;
  }

  /** The carrier's pace: one per carrier, so two accounts of one carrier, orders and gate parcels share its limit. */
  pace(carrier: string): Pace {
    let pace = this.paces.get(carrier);
    if (!pace) this.paces.set(carrier, (pace = this.newPace()));
    return pace;
  }
}
