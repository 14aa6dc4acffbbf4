import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { Core } from '../../core.js';
import { AppError } from '../../http/app-error.js';
import type { CarrierAccountsService } from './accounts.service.js';
import { accountsRepo } from './accounts.repo.js';
import type { CarrierWebhook, TrackingEvent } from './driver.js';
import { carrierDriver } from './drivers/index.js';

/** Compares two texts in constant time (their SHA-256 digests, so lengths do not leak either). */
export function sameSecret(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given, 'utf8').digest();
  const b = createHash('sha256').update(expected, 'utf8').digest();
  return timingSafeEqual(a, b) && given.length === expected.length;
}

/** The signature `hmac-sha256` expects for a body and secret (hex). */
export function webhookSignature(raw: Buffer, secret: string): string {
  return createHmac('sha256', secret).update(raw).digest('hex');
}

function matches(hook: CarrierWebhook, raw: Buffer, given: string, secret: string): boolean {
  if (hook.scheme === 'credential') return sameSecret(given, secret);
  const hex = given
    .trim()
    .replace(/^sha256=/i, '')
    .toLowerCase();
  return sameSecret(hex, webhookSignature(raw, secret));
}

/**
 * Carrier webhooks (issue 19 item 5, docs/shipping.md "Webhooks"): a push is accepted only when its
 * signature (or credential) matches the `webhookSecret` of one of the carrier's active accounts; then
 * the driver reads its events. Anything else is refused before the body is read: `NotFound` for a
 * carrier without webhooks, `WebhookSignatureInvalid` for a missing or wrong signature.
 */
export class CarrierWebhooksService {
  constructor(
    private readonly core: Pick<Core, 'db'>,
    private readonly accounts: CarrierAccountsService,
  ) {}

  async verify(carrier: string, raw: Buffer, headers: Record<string, unknown>): Promise<{ accountId: number; events: TrackingEvent[] }> {
    const driver = carrierDriver(carrier);
    const hook = driver?.webhook;
    if (!driver || !hook) throw new AppError('NotFound');
    const header = headers[hook.header];
    const given = typeof header === 'string' ? header : '';
    let accountId: number | null = null;
    if (given) {
      for (const account of await accountsRepo.list(this.core.db)) {
        if (!account.active || account.carrier !== driver.code) continue;
        const secret = (await this.accounts.configOf(this.core.db, Number(account.id)))?.config.credentials.webhookSecret ?? '';
        // Every account is compared, found or not, so the answer's timing says nothing about which matched.
        if (secret && matches(hook, raw, given, secret) && accountId === null) accountId = Number(account.id);
      }
    }
    if (accountId === null) throw new AppError('WebhookSignatureInvalid');
    let body: unknown;
    try {
      body = JSON.parse(raw.toString('utf8'));
    } catch {
      throw new AppError('IntegrityError');
    }
    return { accountId, events: hook.parse(body) };
  }
}
