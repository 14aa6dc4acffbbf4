import type { ReceivingScan } from '@kontor/contracts/domains/inbound';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { ApiError } from '../../api/errors.js';
import { leafOf, problemText, textOf } from '../../api/field-errors.js';
import { errorCode, errorText, isRetryable, newKey, receivingApi, refusedField, type ScanAnswer } from './receiving-api.js';
import type { Feedback } from '../../components/scan/scan-feedback.js';

export type ScanDraft = Required<ReceivingScan>;
export type PromptKind = 'serials' | 'batch' | 'expiry';
export type ScanPrompt = { kind: PromptKind; draft: ScanDraft } | null;

/** A refusal's own words: the fields it names, by their labels, when there are any, else its text. */
function refusalText(err: unknown, t: TFunction): string {
  const problems = err instanceof ApiError && err.code === 'IntegrityError' ? err.problems : [];
  const labelOf = (field: string) => textOf(t, `receiving.${leafOf(field)}`);
  return problems.length ? `${errorText(err)} ${problems.map((p) => problemText(t, p, labelOf)).join('; ')}` : errorText(err);
}

interface Options {
  orderId: number;
  onAnswer(answer: ScanAnswer, draft: ScanDraft): void;
  show(feedback: Feedback | null): void;
  /** What a draft still needs before it is sent, as far as the order's lines tell (serials, an expiry date). */
  needs?(draft: ScanDraft): PromptKind | null;
}

/**
 * Sends item scans one after another, in scan order, so each answer's line totals are the newest.
 * Every physical scan gets its own idempotency key; a retry after a lost answer repeats the key, so
 * the server books it at most once (issue 6, Idempotency).
 */
export function useItemScan({ orderId, onAnswer, show, needs }: Options) {
  const { t } = useTranslation();
  const [prompt, setPrompt] = useState<ScanPrompt>(null);
  const [busy, setBusy] = useState(0);
  const queue = useRef<Promise<void>>(Promise.resolve());

  const succeeded = (answer: ScanAnswer, draft: ScanDraft): Feedback => {
    const values = { count: answer.scan.quantity, sku: answer.scan.sku, name: answer.scan.name };
    if (answer.scan.expired) return { tone: 'warning', text: t('receiving.gotExpired', { ...values, date: answer.scan.expiry }) };
    if (draft.confirm) return { tone: 'success', text: t('receiving.gotAccepted', values) };
    if (answer.scan.outcome === 'over') return { tone: 'warning', text: t('receiving.gotOver', values) };
    return { tone: 'success', text: t(answer.scan.condition === 'damaged' ? 'receiving.gotDamaged' : 'receiving.got', values) };
  };

  const refused = (err: unknown, draft: ScanDraft, key: string) => {
    const code = errorCode(err);
    const field = refusedField(err);
    if (code === 'NotOnOrder' || code === 'OverDelivery')
      return show({
        tone: 'warning',
        text: errorText(err),
        action: { label: t('receiving.acceptAnyway'), run: () => enqueue({ ...draft, confirm: true }), testId: 'accept-anyway' },
      });
    if (field === 'serials' && draft.serials.length === 0) {
      show({ tone: 'info', text: t('receiving.serialsNeeded', { code: draft.code }) });
      return setPrompt({ kind: 'serials', draft });
    }
    if (field === 'batch' && !draft.batch) {
      show({ tone: 'info', text: t('receiving.batchNeeded', { code: draft.code }) });
      return setPrompt({ kind: 'batch', draft });
    }
    if (field === 'expiry' && !draft.expiry) {
      show({ tone: 'info', text: t('receiving.expiryNeeded', { code: draft.code }) });
      return setPrompt({ kind: 'expiry', draft });
    }
    if (isRetryable(err))
      return show({
        tone: 'error',
        text: t('receiving.notSent', { code: draft.code, reason: errorText(err) }),
        action: { label: t('receiving.retry'), run: () => enqueue(draft, key), testId: 'scan-retry' },
      });
    show({ tone: 'error', text: refusalText(err, t) });
  };

  function enqueue(draft: ScanDraft, key = newKey()) {
    setBusy((n) => n + 1);
    queue.current = queue.current.then(async () => {
      try {
        const answer = await receivingApi.scan(orderId, draft, key);
        onAnswer(answer, draft);
        show(succeeded(answer, draft));
      } catch (err) {
        refused(err, draft, key);
      } finally {
        setBusy((n) => n - 1);
      }
    });
  }

  return {
    send: (draft: ScanDraft) => enqueue(draft),
    prompt,
    /** The prompt's answer (serials, batch or date) completes the draft: the next prompt it needs, else it goes out as a new scan. */
    resolvePrompt(extra: Partial<ScanDraft> | null) {
      const open = prompt;
      setPrompt(null);
      if (!open || !extra) return show({ tone: 'info', text: t('receiving.scanDropped') });
      const draft = { ...open.draft, ...extra };
      const next = needs?.(draft);
      if (next) return setPrompt({ kind: next, draft });
      enqueue(draft);
    },
    ask: (kind: PromptKind, draft: ScanDraft) => setPrompt({ kind, draft }),
    busy: busy > 0,
  };
}
