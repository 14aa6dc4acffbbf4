import type { Core } from '../../core.js';
import { RetryableJobError } from '../jobs/index.js';
import type { CarrierAccountsService } from './accounts.service.js';
import { carrierDriver } from './drivers/index.js';
import { classify } from './label-purchaser.js';
import { labelsRepo } from './labels.repo.js';

/** The job that subscribes an order's bought labels to the carrier's pushed tracking events. */
export const TRACK_SUBSCRIBE_JOB = 'carriers.trackSubscribe';
/** A UPS outage may last a while: the job tries this often, waiting 2, 4, 8 … s between tries. */
export const TRACK_SUBSCRIBE_ATTEMPTS = 8;

/** A bought label waiting for its subscription: its row id in the owner's table, its account and number. */
export interface UnsubscribedLabel {
  id: number;
  accountId: number;
  trackingNumber: string;
}

/** What one run of the job did. */
export interface SubscribeOutcome {
  subscribed: string[];
  /** Numbers the carrier did not take (unknown to it yet): the tracking poll still follows them. */
  refused: string[];
}

/**
 * Subscriptions to pushed tracking events (issue 19 item 5, docs/carrier-drivers.md "UPS Track Alert"):
 * a carrier whose driver has `subscribe` (UPS) pushes only the numbers it was asked to. After a label
 * purchase commits, `afterPurchase` queues the job when such labels are left; the job asks the carrier
 * for every bought, outgoing label not yet subscribed, with Kontor's webhook address
 * (`PUBLIC_URL/v0/carriers/webhooks/<carrier>`) and the account's `webhookSecret` as the credential the
 * carrier sends back. An account without a `webhookSecret` takes no pushes: its labels are only polled.
 * A carrier that is down or slow fails the run as retryable, so the job tries again; a refusal
 * (credentials, a bad request) fails it for good, with the carrier's words in the job's error.
 */
export class TrackingSubscriptionsService {
  constructor(
    private readonly core: Core,
    private readonly accounts: CarrierAccountsService,
  ) {}

  /** After a purchase committed: queue the job when a bought label of the order waits for a subscription. */
  async afterPurchase(orderId: number, userId: number | null): Promise<void> {
    const waiting = await labelsRepo.unsubscribed(this.core.db, orderId);
    if (!waiting.some((l) => carrierDriver(l.carrier)?.subscribe)) return;
    await this.core.jobs?.enqueue(TRACK_SUBSCRIBE_JOB, { orderId }, { userId, merchantId: null });
  }

  /** The job: subscribes what the order's labels still lack, account by account. */
  async subscribeOrder(orderId: number): Promise<SubscribeOutcome> {
    const waiting = await labelsRepo.unsubscribed(this.core.db, orderId);
    return this.subscribeLabels(waiting, (ids) => labelsRepo.markSubscribed(this.core.db, ids));
  }

  /** Whether labels of `carrier` are subscribed at all (its driver takes subscriptions: UPS). */
  takesSubscriptions(carrier: string): boolean {
    return Boolean(carrierDriver(carrier)?.subscribe);
  }

  /**
   * Subscribes labels bought outside an order (the carrier gate's shipments), for their owner's job:
   * the same batches, credential, retry and refusal rules as the order labels; `mark` records the
   * labels the carrier took, in the owner's table.
   */
  async subscribeLabels(waiting: readonly UnsubscribedLabel[], mark: (ids: number[]) => Promise<void>): Promise<SubscribeOutcome> {
    const out: SubscribeOutcome = { subscribed: [], refused: [] };
    for (const accountId of new Set(waiting.map((l) => l.accountId))) {
      const found = await this.accounts.configOf(this.core.db, accountId);
      const credential = found?.config.credentials.webhookSecret ?? '';
      if (!found?.driver.subscribe || !credential) continue;
      const labels = waiting.filter((l) => l.accountId === accountId);
      const destination = { url: `${this.core.config.PUBLIC_URL.replace(/\/+$/, '')}/v0/carriers/webhooks/${found.driver.code}`, credential };
      const timeoutMs = this.core.config.CARRIER_TIMEOUT_MS;
      const result = await found.driver
        .subscribe(
          found.config,
          labels.map((l) => l.trackingNumber),
          destination,
          { fetch: globalThis.fetch, timeoutMs, signal: AbortSignal.timeout(timeoutMs) },
        )
        .catch((error: unknown) => {
          const failure = classify(error);
          throw failure.retryable ? new RetryableJobError(failure.carrierMessage) : failure;
        });
      const taken = new Set(result.subscribed);
      await mark(labels.filter((l) => taken.has(l.trackingNumber)).map((l) => l.id));
      out.subscribed.push(...result.subscribed);
      out.refused.push(...result.refused);
    }
    return out;
  }
}
