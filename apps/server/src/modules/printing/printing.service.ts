import { DEFAULT_AGENT_URL, PRINT_EVENT_TYPES, PRINT_KINDS, type PrintKind, type PrintReport } from '@kontor/contracts/domains/printing';
import type { PrintJob, PrintStation } from '@kontor/contracts/domains/printing-responses';
import type { Core } from '../../core.js';
import type { AuthContext } from '../../http/access.js';
import { AppError, ruleError } from '../../http/app-error.js';
import { PrintingRepo, type PrintJobRow } from './printing.repo.js';
import { agentPrinterName, printerFor } from './routing.js';

/** Jobs kept per station (the history is for reprints, not an archive). */
const HISTORY_PER_STATION = 500;

/** What a module asks to print (`printing.send`). */
export interface PrintRequest {
  userId: number;
  kind: PrintKind;
  url?: string;
  sn?: string;
  title?: string;
}

/** The socket `print` event a station receives (spec §7 types previewUrl, printSN, printItemDesc). */
export interface PrintEvent {
  type: (typeof PRINT_EVENT_TYPES)[PrintKind];
  kind: PrintKind;
  previewUrl?: string;
  sn?: string;
  printer: string;
  agentUrl: string;
  title: string;
  jobId: number;
}

const toWire = (job: PrintJobRow): PrintJob => ({ ...job, createdAt: job.createdAt.toISOString(), updatedAt: job.updatedAt.toISOString() });

/**
 * Printing through print stations (issue 17 item 7, docs/printing.md): a print is routed to the
 * sender's station and the printer that serves its kind there, recorded, and sent as the socket
 * `print` event to the station page, which hands it to the print agent and reports back.
 */
export class PrintingService {
  constructor(private readonly core: Pick<Core, 'db' | 'realtime' | 'config' | 'log'>) {}

  /**
   * A document on Kontor the station may fetch with its session: a path, or an absolute address on
   * Kontor's own origin (PUBLIC_URL, CARRIER_GATE_URL) cut to its path. Anything else would send the
   * station's credentials to another host.
   */
  documentPath(url: string): string {
    if (/^\/(?![/\\])/.test(url) && !url.includes('\\')) return url;
    let parsed: URL | null = null;
    try {
      parsed = new URL(url);
    } catch {
      parsed = null;
    }
    const own = [this.core.config.PUBLIC_URL, this.core.config.CARRIER_GATE_URL].flatMap((base) => {
      try {
        return base ? [new URL(base).origin] : [];
      } catch {
        return [];
      }
    });
    if (parsed && own.includes(parsed.origin)) return parsed.pathname + parsed.search;
    throw new AppError('IntegrityError', { fields: [ruleError('url', 'foreignUrl')] });
  }

  /**
   * The station that prints for a user: the station account set on the user, else the user itself
   * when it is connected as a station, else the first connected station that has a printer for the
   * kind. Null when none is connected.
   */
  private async onlineStation(userId: number, kind: PrintKind): Promise<number | null> {
    const user = await PrintingRepo.user(this.core.db, userId);
    if (!user) throw new AppError('NotFound');
    if (user.stationUserId !== null) return (await this.core.realtime.stationOnline(user.stationUserId)) ? user.stationUserId : null;
    if (await this.core.realtime.stationOnline(userId)) return userId;
    for (const station of await PrintingRepo.stationsWithPrinters(this.core.db)) {
      if (station === userId) continue;
      const printers = await PrintingRepo.printersOf(this.core.db, station);
      if (printerFor(kind, printers, station)?.stationUserId === station && (await this.core.realtime.stationOnline(station))) return station;
    }
    return null;
  }

  /** Records the job and sends it to the station's sockets. */
  private async dispatch(request: PrintRequest, station: number, reprintOf: number | null): Promise<PrintJob> {
    const printer = printerFor(request.kind, await PrintingRepo.printersOf(this.core.db, station), station);
    const url = request.kind === 'sn' ? null : this.documentPath(request.url ?? '');
    const sn = request.kind === 'sn' ? (request.sn ?? '') : null;
    const job = {
      userId: request.userId,
      stationUserId: station,
      kind: request.kind,
      url,
      sn,
      title: request.title ?? '',
      printerId: printer?.id ?? null,
      printerName: agentPrinterName(printer),
      agentUrl: printer?.agentUrl ?? '',
      reprintOf,
    };
    const jobId = await PrintingRepo.insertJob(this.core.db, job);
    const event: PrintEvent = {
      type: PRINT_EVENT_TYPES[request.kind],
      kind: request.kind,
      ...(url !== null ? { previewUrl: url } : { sn: sn ?? '' }),
      printer: job.printerName,
      agentUrl: job.agentUrl,
      title: job.title,
      jobId,
    };
    await this.core.realtime.emitToStation(station, 'print', event);
    await PrintingRepo.prune(this.core.db, station, HISTORY_PER_STATION);
    return toWire((await PrintingRepo.job(this.core.db, jobId))!);
  }

  /** Sends a print to the user's station; "Printer not online!" (PrinterOffline) when none is connected. */
  async send(request: PrintRequest): Promise<PrintJob> {
    if (request.kind !== 'sn') this.documentPath(request.url ?? ''); // refuse a foreign address before looking for a station
    const station = await this.onlineStation(request.userId, request.kind);
    if (station === null) throw new AppError('PrinterOffline');
    return this.dispatch(request, station, null);
  }

  /** The newest jobs the caller sent or its station received. */
  async history(auth: AuthContext, limit: number): Promise<{ data: PrintJob[] }> {
    return { data: (await PrintingRepo.jobsOf(this.core.db, auth.userId, limit)).map(toWire) };
  }

  private async ownJob(auth: AuthContext, id: number): Promise<PrintJobRow> {
    const job = await PrintingRepo.job(this.core.db, id);
    if (!job || (job.userId !== auth.userId && job.stationUserId !== auth.userId && !auth.isAdmin)) throw new AppError('NotFound');
    return job;
  }

  /**
   * Prints a job of the history again, on the station that printed it: a new job pointing at the first,
   * still the sender's (it stays in the sender's history and the sender hears the station's report).
   */
  async reprint(auth: AuthContext, id: number): Promise<PrintJob> {
    const job = await this.ownJob(auth, id);
    if (!(await this.core.realtime.stationOnline(job.stationUserId))) throw new AppError('PrinterOffline');
    const request = { userId: job.userId, kind: job.kind, url: job.url ?? undefined, sn: job.sn ?? undefined, title: job.title };
    return this.dispatch(request, job.stationUserId, job.reprintOf ?? job.id);
  }

  /** The station reports a job printed or failed; only the job's station may. */
  async report(auth: AuthContext, id: number, report: PrintReport): Promise<PrintJob> {
    const error = report.state === 'failed' ? report.error : '';
    if (!(await PrintingRepo.setState(this.core.db, id, auth.userId, report.state, error))) throw new AppError('NotFound');
    const job = (await PrintingRepo.job(this.core.db, id))!;
    if (job.userId !== job.stationUserId) await this.core.realtime.emitToUser(job.userId, 'printJob', { jobId: id, state: job.state, error: job.error });
    return toWire(job);
  }

  /** The caller's station as its page shows it: the printers it prints on and which one takes each kind. */
  async station(auth: AuthContext): Promise<PrintStation> {
    const user = await PrintingRepo.user(this.core.db, auth.userId);
    if (!user) throw new AppError('NotFound');
    const stationId = user.stationUserId ?? auth.userId;
    const station = stationId === auth.userId ? user : await PrintingRepo.user(this.core.db, stationId);
    const printers = await PrintingRepo.printersOf(this.core.db, stationId);
    return {
      station: { id: stationId, name: station?.name ?? '' },
      isStation: stationId === auth.userId && (user.printShipment || auth.printShipment),
      online: await this.core.realtime.stationOnline(stationId),
      defaultAgentUrl: DEFAULT_AGENT_URL,
      printers: printers.map(({ stationUserId, ...printer }) => ({ ...printer, shared: stationUserId === null })),
      routes: PRINT_KINDS.map((kind) => {
        const printer = printerFor(kind, printers, stationId);
        return { kind, printerId: printer?.id ?? null, printerName: agentPrinterName(printer), agentUrl: printer?.agentUrl ?? '' };
      }),
    };
  }
}
