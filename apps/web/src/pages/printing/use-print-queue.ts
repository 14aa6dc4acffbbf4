import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/errors.js';
import { invalidateDomains } from '../../api/query-client.js';
import { api, send } from '../../api/request.js';
import { useRealtime, type PrintRequest } from '../../realtime/events.js';
import { agentPrint, extensionOf, jobFileName, toBase64 } from './print-agent.js';

/** A `print` event as the server's printing module sends it (docs/printing.md); relayed PDA prints carry less. */
export interface StationJob {
  type: string;
  previewUrl?: string;
  sn?: string;
  printer?: string;
  agentUrl?: string;
  title?: string;
  jobId?: number;
}

export interface LiveJob {
  key: number;
  at: Date;
  job: StationJob;
  printer: string;
  state: 'printing' | 'printed' | 'failed';
  error?: string;
}

const LIVE_KEPT = 30;

/** The payload as sent: an object, or the PDA's JSON text (facts §4). */
export function parseEvent(payload: PrintRequest | string): StationJob | null {
  try {
    const value = typeof payload === 'string' ? (JSON.parse(payload) as unknown) : payload;
    return value && typeof value === 'object' && typeof (value as StationJob).type === 'string' ? (value as StationJob) : null;
  } catch {
    return null;
  }
}

/**
 * The station's printing loop: takes each `print` event the socket received (realtime store), fetches
 * the document with the session, hands it to the agent and reports the outcome to the server.
 */
export function usePrintQueue(agentUrl: string, agentPrinters: string[] | null) {
  const { t } = useTranslation();
  const prints = useRealtime((s) => s.prints);
  const [live, setLive] = useState<LiveJob[]>([]);
  const busy = useRef(false);
  const counter = useRef(0);
  const setup = useRef({ agentUrl, agentPrinters });
  useEffect(() => {
    setup.current = { agentUrl, agentPrinters };
  }, [agentUrl, agentPrinters]);

  const fetchDocument = useCallback(
    async (job: StationJob): Promise<string> => {
      if (job.type === 'printSN') {
        try {
          const data = await api('GET /v0/utils/labelSNBase64', { params: { q: job.sn }, quiet: true });
          if (!data?.base64) throw new Error(t('printStation.snUnavailable'));
          return data.base64;
        } catch (err) {
          throw err instanceof ApiError && err.kind !== 'business' ? new Error(t('printStation.snUnavailable')) : err;
        }
      }
      if (!job.previewUrl) throw new Error(t('printStation.noDocument'));
      const res = await send({ url: job.previewUrl, timeoutMs: 60_000 });
      if (!res.ok || (res.headers.get('content-type') ?? '').includes('application/json')) {
        const envelope = (await res.json().catch(() => null)) as { data?: unknown } | null;
        throw new Error(typeof envelope?.data === 'string' ? envelope.data : t('printStation.documentFailed', { status: res.status }));
      }
      return toBase64(new Uint8Array(await res.arrayBuffer()));
    },
    [t],
  );

  /** The routed printer when this agent has it; else the agent's only printer. */
  const printerFor = useCallback(
    (job: StationJob): string => {
      const known = setup.current.agentPrinters ?? [];
      if (job.printer && known.includes(job.printer)) return job.printer;
      if (known.length === 1) return known[0]!;
      if (!known.length) throw new Error(t('printStation.agentOffline'));
      throw new Error(t('printStation.printerMissing', { printer: job.printer || '—', printers: known.join(', ') }));
    },
    [t],
  );

  const run = useCallback(
    async (job: StationJob) => {
      const key = ++counter.current;
      const update = (patch: Partial<LiveJob>) => setLive((all) => all.map((j) => (j.key === key ? { ...j, ...patch } : j)));
      setLive((all) => [{ key, at: new Date(), job, printer: job.printer ?? '', state: 'printing' as const }, ...all].slice(0, LIVE_KEPT));
      let outcome: { state: 'printed' | 'failed'; error: string };
      try {
        const printer = printerFor(job);
        update({ printer });
        const data = await fetchDocument(job);
        const name = jobFileName(`${job.jobId ?? key}-${job.title || job.sn || 'print'}`, extensionOf(data));
        await agentPrint(job.agentUrl || setup.current.agentUrl, printer, data, name);
        outcome = { state: 'printed', error: '' };
      } catch (err) {
        outcome = { state: 'failed', error: err instanceof Error ? err.message : String(err) };
      }
      update(outcome);
      if (job.jobId) {
        await api('POST /v0/print/history/:id/report', { path: { id: job.jobId }, data: outcome, quiet: true }).catch(() => undefined);
        await invalidateDomains('print-jobs');
      }
    },
    [fetchDocument, printerFor],
  );

  useEffect(() => {
    if (busy.current || !prints.length) return;
    busy.current = true;
    void (async () => {
      for (let next = useRealtime.getState().takePrint(); next; next = useRealtime.getState().takePrint()) {
        const job = parseEvent(next);
        if (job) await run(job);
      }
    })().finally(() => {
      busy.current = false;
      // Events that came while the last job printed are taken by the next render's effect.
      if (useRealtime.getState().prints.length) useRealtime.setState({ prints: [...useRealtime.getState().prints] });
    });
  }, [prints, run]);

  return live;
}
