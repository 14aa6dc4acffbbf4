import { interpolate } from '@kontor/contracts';
import { BERLIN, formatDateTime } from '@kontor/contracts/dates';
import type { Core } from '../../core.js';
import { noticeTexts, type NoticeTexts } from '../../lib/notice-texts.js';
import { gateNoticesRepo, type PendingGateNotice } from './gate-notices.repo.js';

/** Exceptions a round's sweep tells at most (the rest wait for the next round). */
const SWEEP_LIMIT = 200;

/** The exception mail in the gate user's language (texts: lib/notice-texts/{en,cn,de}.json, `gateException`). */
export function exceptionMail(notice: PendingGateNotice): { subject: string; body: string } {
  const texts = noticeTexts(notice.language);
  const none = texts.gateException.none;
  const params = {
    company: notice.company,
    shipment: notice.shipmentId,
    reference: notice.reference || none,
    trackingNumber: notice.trackingNumber,
    carrier: texts.carriers[notice.carrier as keyof NoticeTexts['carriers']] ?? notice.carrier,
    exception: texts.exceptions[notice.exception as keyof NoticeTexts['exceptions']] ?? texts.exceptions.other,
    text: notice.text || none,
    time: formatDateTime(notice.at, { timeZone: BERLIN }),
    location: notice.location || none,
  };
  return { subject: interpolate(texts.gateException.subject, params), body: interpolate(texts.gateException.body, params) };
}

/**
 * A gate user told by e-mail of its parcels' delivery exceptions (issue 19 item 5; docs/carrier-gate.md
 * "Exception mails"): once per stored exception event, through the outbox, after the event's commit.
 * An event is claimed before its mail is written, so a push, the poll and the sweep racing for one event
 * send one mail; a mail the outbox could not take gives its claim back for the next round's sweep. Never
 * throws: the events are stored whatever becomes of the mail.
 */
export class GateNoticesService {
  constructor(private readonly core: Pick<Core, 'db' | 'mailer' | 'log'>) {}

  /** Tells one parcel's exceptions not told yet (after its events' commit), or any (`null`: the round's sweep). Answers the mails written. */
  async tell(labelId: number | null): Promise<number> {
    let mailed = 0;
    try {
      for (const notice of await gateNoticesRepo.pending(this.core.db, labelId, SWEEP_LIMIT)) {
        if (!(await gateNoticesRepo.claim(this.core.db, notice.id))) continue;
        // No address: nothing to send, and the event counts as told (an address added later gets later exceptions).
        if (!notice.email) continue;
        if (await this.mail(notice)) mailed += 1;
      }
    } catch (err) {
      this.core.log.warn({ err, labelId }, 'gate exception mails not told; the next round tries again');
    }
    return mailed;
  }

  private async mail(notice: PendingGateNotice): Promise<boolean> {
    try {
      await this.core.mailer.send({ to: notice.email, ...exceptionMail(notice) });
      return true;
    } catch (err) {
      // The outbox could not take it (a delivery failure is kept in the outbox and never thrown).
      this.core.log.warn({ err, event: notice.id }, 'gate exception mail not written to the outbox; the next round tries again');
      await gateNoticesRepo.release(this.core.db, notice.id).catch(() => undefined);
      return false;
    }
  }
}
