import { splitTrackingScan } from '@kontor/contracts/domains/pallets';
import { Modal } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { newKey } from '../../api/idempotency-key.js';
import { useFeedback } from '../../components/scan/use-feedback.js';
import { useDialogScanGuard } from '../../components/scan/use-dialog-scan-guard.js';
import { useScanTurn } from '../../components/scan/use-scan-turn.js';
import { errorText, loadingApi, numberOf, unknownOutcome, type Pallet, type PalletTracking } from './loading-api.js';
import { currentPallet, loadQueue, saveQueue, setCurrentPallet, type Pending } from './loading-queue.js';

/** While the network is away the queue is tried again this often (facts §9: probe every 5 s). */
const RETRY_MS = 5000;

/** Rows answered by a flush, merged into the persisted list (a repeat answers the same row). */
const merge = (rows: PalletTracking[], pairs: PalletTracking[]) => [...rows.filter((r) => !pairs.some((p) => p.id === r.id)), ...pairs];

/**
 * The loading scan's state and calls (see `LoadingScanPage`): the pallet being loaded, its persisted
 * tracking numbers and the pending queue kept per pallet in localStorage, sent one at a time, waiting
 * while the network is away and stopped on a refusal until the operator removes or retries.
 */
export function useLoadingScan() {
  const { t } = useTranslation();
  const [pallet, setPallet] = useState<Pallet | null>(null);
  const [rows, setRows] = useState<PalletTracking[]>([]);
  const [queue, setQueueState] = useState<Pending[]>([]);
  const [online, setOnline] = useState(true);
  const [stopped, setStopped] = useState(false);
  const [feedback, show] = useFeedback();
  const palletRef = useRef<Pallet | null>(null);
  const queueRef = useRef<Pending[]>([]);
  const stoppedRef = useRef(false);
  const flushing = useRef(false);
  const { take, missed, miss, forget } = useScanTurn();
  // The important note waits for a person (facts §3.7): a scan meanwhile is kept to scan again.
  const noteOpen = useRef(false);
  useDialogScanGuard(
    useCallback(() => noteOpen.current, []),
    useCallback(
      (code: string) => {
        miss(code);
        show({ tone: 'warning', text: t('loading.noteFirst', { code }) });
      },
      [miss, show, t],
    ),
  );

  const setQueue = useCallback((code: string, next: Pending[]) => {
    queueRef.current = next;
    setQueueState(next);
    saveQueue(code, next);
  }, []);

  const stop = (value: boolean) => {
    stoppedRef.current = value;
    setStopped(value);
  };

  /** Sends the queue one number at a time until it is empty, the network is gone, or the server refuses one. */
  const drain = useCallback(async () => {
    const code = palletRef.current?.palletCode;
    if (!code || flushing.current || stoppedRef.current) return;
    flushing.current = true;
    try {
      for (let next = queueRef.current[0]; next && !stoppedRef.current; next = queueRef.current[0]) {
        const item = next;
        try {
          const answer = await loadingApi.flush(code, item.trackingNo, item.key);
          if (palletRef.current?.palletCode !== code) return;
          setQueue(
            code,
            queueRef.current.filter((p) => p.key !== item.key),
          );
          setRows((current) => merge(current, answer.pairs));
          setOnline(true);
        } catch (err) {
          if (palletRef.current?.palletCode !== code) return;
          if (unknownOutcome(err)) {
            setOnline(false);
            show({ tone: 'warning', text: t('loading.offlineWait') });
            return;
          }
          setQueue(
            code,
            queueRef.current.map((p) => (p.key === item.key ? { ...p, error: errorText(err) } : p)),
          );
          stop(true);
          show({ tone: 'error', text: `${errorText(err)} ${t('loading.stopped')}` });
          return;
        }
      }
    } finally {
      flushing.current = false;
    }
  }, [setQueue, show, t]);

  const open = useCallback(
    async (found: Pallet, review: boolean) => {
      palletRef.current = found;
      setPallet(found);
      setCurrentPallet(found.palletCode);
      const pending = loadQueue(found.palletCode);
      queueRef.current = pending;
      setQueueState(pending);
      stop(pending.some((p) => p.error));
      setRows(await loadingApi.tracking(found.palletCode));
      if (!review && found.importantNote) {
        noteOpen.current = true;
        Modal.info({
          title: t('loading.note'),
          content: found.importantNote,
          okText: t('loading.yes'),
          okButtonProps: { ...({ 'data-testid': 'loading-note-ok' } as object) },
          afterClose: () => (noteOpen.current = false),
        });
      }
      void drain();
    },
    [drain, t],
  );

  // A reload comes back to the pallet being loaded, with its queue. While the server cannot be reached
  // the screen says what waits on this device and asks again (facts §9: every 5 s, and when the network
  // is back) — a silent failure showed an empty screen and hid the stored numbers.
  useEffect(() => {
    const code = currentPallet();
    if (!code) return;
    let settled = false;
    const resume = () => {
      if (settled || palletRef.current) return;
      loadingApi.scan(code).then(
        (answer) => {
          settled = true;
          if (answer.pallet) void open(answer.pallet, true);
          else setCurrentPallet('');
        },
        () => {
          if (settled || palletRef.current) return;
          setOnline(false);
          show({ tone: 'warning', text: t('loading.resumeWaiting', { code, count: loadQueue(code).length }) });
        },
      );
    };
    resume();
    const timer = setInterval(resume, RETRY_MS);
    window.addEventListener('online', resume);
    return () => {
      settled = true;
      clearInterval(timer);
      window.removeEventListener('online', resume);
    };
  }, [open, show, t]);

  // The network is back (or may be): send what waits.
  useEffect(() => {
    const retry = () => {
      setOnline(true);
      void drain();
    };
    window.addEventListener('online', retry);
    const timer = setInterval(() => {
      if (queueRef.current.length > 0 && !stoppedRef.current) void drain();
    }, RETRY_MS);
    return () => {
      window.removeEventListener('online', retry);
      clearInterval(timer);
    };
  }, [drain]);

  const start = async (code: string) => {
    const answer = await loadingApi.scan(code);
    if (!answer.pallet) return show({ tone: 'error', text: t('loading.notFound', { value: answer.scan || code }) });
    await open(answer.pallet, false);
    if (answer.ambiguous) show({ tone: 'warning', text: t('loading.ambiguous', { code: answer.pallet.palletCode }) });
    else show({ tone: 'success', text: t('loading.loaded', { code: answer.pallet.palletCode }) });
  };

  const enqueue = (current: Pallet, scan: string) => {
    if (scan.trim().toUpperCase() === current.palletCode) {
      void loadingApi.tracking(current.palletCode).then(setRows);
      return show({ tone: 'info', text: t('loading.reviewed', { code: current.palletCode }) });
    }
    if (current.state !== 'open') return show({ tone: 'error', text: t('loading.closed') });
    const added: Pending[] = [];
    const refused: string[] = [];
    for (const trackingNo of splitTrackingScan(scan)) {
      if (queueRef.current.some((p) => p.trackingNo === trackingNo) || added.some((p) => p.trackingNo === trackingNo))
        refused.push(t('loading.inPending', { code: trackingNo }));
      else if (rows.some((r) => numberOf(r) === trackingNo)) refused.push(t('loading.persisted', { code: trackingNo }));
      else added.push({ trackingNo, key: newKey() });
    }
    if (added.length > 0) setQueue(current.palletCode, [...queueRef.current, ...added]);
    if (refused.length > 0) show({ tone: 'warning', text: refused.join(' · ') });
    else show({ tone: 'success', text: t('loading.queued', { count: added.length }) });
    void drain();
  };

  // One scan at a time (facts §9): the start scan waits for its answer; a scan refused meanwhile is kept
  // in `missed` until it is scanned again.
  const onScan = async (code: string) => {
    const taken = await take(code, async () => {
      try {
        const current = palletRef.current;
        if (current) enqueue(current, code);
        else await start(code);
      } catch (err) {
        show({ tone: 'error', text: errorText(err) });
      }
    });
    if (!taken) show({ tone: 'warning', text: t('loading.busy') });
  };

  const retry = () => {
    if (!pallet) return;
    setQueue(
      pallet.palletCode,
      queueRef.current.map(({ trackingNo, key }) => ({ trackingNo, key })),
    );
    stop(false);
    void drain();
  };

  const dropPending = (key: string) => {
    if (!pallet) return;
    const next = queueRef.current.filter((p) => p.key !== key);
    setQueue(pallet.palletCode, next);
    if (!next.some((p) => p.error)) {
      stop(false);
      void drain();
    }
  };

  const removePersisted = async (trackingNo: string) => {
    if (!pallet) return;
    try {
      await loadingApi.remove(pallet.palletCode, trackingNo);
      setRows((current) => current.filter((r) => r.trackingNo !== trackingNo));
    } catch (err) {
      show({ tone: 'error', text: errorText(err) });
    }
  };

  const clear = () => {
    palletRef.current = null;
    setPallet(null);
    setRows([]);
    queueRef.current = [];
    setQueueState([]);
    stop(false);
    setCurrentPallet('');
    show(null);
    forget();
  };

  return { pallet, rows, queue, online, stopped, feedback, missed, forget, onScan, retry, dropPending, removePersisted, clear };
}
