import type { ReceivingScan } from '@kontor/contracts/domains/inbound';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/errors.js';
import { errorCode, errorText, isRetryable, newKey, receivingApi, refusedField, type ScanAnswer } from './receiving-api.js';
import type { Feedback } from './scan-feedback.js';

export type ScanDraft = Required<ReceivingScan>;
export type ScanPrompt = { kind: 'serials' | 'batch'; draft: ScanDraft } | null;

/** A refusal's own words: the fields it names when there are any, else its text. */
function refusalText(err: unknown): string {
  const fields = err instanceof ApiError && err.code === 'IntegrityError' ? Object.entries(err.fields) : [];
  return fields.length ? `${errorText(err)} ${fields.map(([f, m]) => `${f}: ${m}`).join('; ')}` : errorText(err);
}

interface Options {
  orderId: number;
  onAnswer(answer: ScanAnswer, draft: ScanDraft): void;
  show(feedback: Feedback | null): void;
}

/**
 * Sends item scans one after another, in scan order, so each answer's line totals are the newest.
 * Every physical scan gets its own idempotency key; a retry after a lost answer repeats the key, so
 * the server books it at most once (issue 6, Idempotency).
 */
export function useItemScan({ orderId, onAnswer, show }: Options) {
  const { t } = useTranslation();
  const [prompt, setPrompt] = useState<ScanPrompt>(null);
  const [busy, setBusy] = useState(0);
  const queue = useRef<Promise<void>>(Promise.resolve());

  const succeeded = (answer: ScanAnswer, draft: ScanDraft): Feedback => {
    const values = { count: answer.scan.quantity, sku: answer.scan.sku, name: answer.scan.name };
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
    if (isRetryable(err))
      return show({
        tone: 'error',
        text: t('receiving.notSent', { code: draft.code, reason: errorText(err) }),
        action: { label: t('receiving.retry'), run: () => enqueue(draft, key), testId: 'scan-retry' },
      });
    show({ tone: 'error', text: refusalText(err) });
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
    /** The prompt's answer (serials or batch) completes the draft, which goes out as a new scan. */
    resolvePrompt(extra: Partial<ScanDraft> | null) {
      const open = prompt;
      setPrompt(null);
      if (!open || !extra) return show({ tone: 'info', text: t('receiving.scanDropped') });
      enqueue({ ...open.draft, ...extra });
    },
    askSerials: (draft: ScanDraft) => setPrompt({ kind: 'serials', draft }),
    busy: busy > 0,
  };
}
