import type { Locale } from '@kontor/contracts';
import { manifestRulesSchema, type ManifestCloseInput, type ManifestRules } from '@kontor/contracts/domains/manifests';
import type { Manifest, ManifestDay, ManifestGroup } from '@kontor/contracts/domains/manifests-responses';
import type { Readable } from 'node:stream';
import type { Core } from '../../core.js';
import type { AuthContext } from '../../http/access.js';
import { AppError } from '../../http/app-error.js';
import { manifestSheet } from '../../lib/documents/manifest-sheet.js';
import { toCsv } from '../../lib/csv.js';
import { documentTexts } from '../../lib/documents/texts.js';
import { carrierDriver, carriersServices, CarrierError } from '../carriers/index.js';
import { readSetting } from '../settings/index.js';
import { manifestsRepo, type HandedOverRow, type ManifestRecord } from './manifests.repo.js';

/** The job kind of the cut-off check; the interval of manifests.routes.ts runs the same work. */
export const MANIFEST_CUTOFF_JOB = 'manifests.cutoff';

/** Manifests mix merchants: staff only, like the pallets they come from. */
export function staffOnly(auth: AuthContext): void {
  if (auth.merchantId !== null) throw new AppError('NoPermission');
}

/** The manifest CSV's columns, in order; their headings are the documents' catalogue section `manifestCsv`. */
const CSV_COLUMNS = ['manifest', 'day', 'carrier', 'account', 'trackingNo', 'order', 'merchant', 'loading', 'handedOver', 'weight'] as const;
export const csvHeader = (locale: Locale): string[] => CSV_COLUMNS.map((column) => documentTexts('manifestCsv')[locale][column]);

function manifestOut(m: ManifestRecord): Manifest {
  return {
    id: Number(m.id),
    accountKey: m.account_key,
    accountId: m.account_id === null ? null : Number(m.account_id),
    carrier: m.carrier,
    day: m.day,
    seq: m.seq,
    parcels: m.parcel_count,
    carrierState: m.carrier_state as Manifest['carrierState'],
    carrierRef: m.carrier_ref,
    carrierErrorKind: m.carrier_error_kind,
    carrierMessage: m.carrier_message,
    createdAt: m.created_at.toISOString(),
  };
}

/** The manifest's printed number: day, id and its number of the day. */
const numberOf = (m: ManifestRecord) => `M-${m.day.replace(/-/g, '')}-${m.id}-${m.seq}`;

/** Whether the parcels of a group can be manifested with the carrier: an account whose driver has the call. */
function carrierCallOf(row: Pick<HandedOverRow, 'accountId' | 'carrier'>): boolean {
  return row.accountId !== null && carrierDriver(row.carrier)?.endOfDay === 'manifest-call';
}

const localTime = (d: Date) =>
  new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Berlin', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' }).format(
    d,
  );

/**
 * End-of-day manifests (issue 19 item 4, docs/manifests.md): the parcels handed over per carrier
 * account and warehouse day, closed into numbered manifests (a repeat answers the last one; parcels
 * handed over after it go into the next one of the same day), the carrier's close-out call where its
 * driver has one, the documents, and the cut-off flag.
 */
export class ManifestsService {
  constructor(private readonly core: Core) {}

  async rules(): Promise<ManifestRules> {
    const parsed = manifestRulesSchema.safeParse((await readSetting(this.core.db, 'manifests.rules')) ?? {});
    return parsed.success ? parsed.data : manifestRulesSchema.parse({});
  }

  /** The day's handed-over parcels per account with their manifests (today in the warehouse's time zone by default). */
  async day(auth: AuthContext, day: string | undefined, now = new Date()): Promise<ManifestDay> {
    staffOnly(auth);
    const local = await manifestsRepo.localNow(this.core.db, now);
    const { cutoff } = await this.rules();
    const theDay = day ?? local.day;
    const [rows, manifests] = await Promise.all([manifestsRepo.dayParcels(this.core.db, theDay), manifestsRepo.dayManifests(this.core.db, theDay)]);
    const groups = new Map<string, ManifestGroup>();
    for (const r of rows) {
      let g = groups.get(r.accountKey);
      if (!g) {
        g = {
          accountKey: r.accountKey,
          accountId: r.accountId,
          accountName: r.accountName ?? '',
          carrier: r.carrier,
          carrierCall: carrierCallOf(r),
          handedOver: 0,
          open: 0,
          late: 0,
          manifests: manifests.filter((m) => m.account_key === r.accountKey).map(manifestOut),
          parcels: [],
        };
        groups.set(r.accountKey, g);
      }
      g.handedOver += 1;
      if (r.manifestId === null) g.open += 1;
      if (r.late) g.late += 1;
      g.parcels.push({
        trackingNo: r.trackingNo,
        outboundUNID: r.outboundUnid,
        merchant: r.merchantName,
        palletCode: r.palletCode,
        handedOverAt: new Date(r.handedOverAt).toISOString(),
        weightKg: r.weightKg === null ? null : Number(r.weightKg),
        manifestId: r.manifestId === null ? null : Number(r.manifestId),
        late: r.late,
      });
    }
    const cutoffPassed = theDay < local.day || (theDay === local.day && local.time >= cutoff);
    return { day: theDay, cutoff, cutoffPassed, groups: [...groups.values()] };
  }

  /**
   * Closes one account's day: the parcels handed over and not yet manifested become the next manifest
   * of the day, then the carrier's close-out call runs (where the driver has one). With nothing new, the
   * day's last manifest is answered again, and its carrier call retried when it had failed.
   */
  async close(auth: AuthContext, input: ManifestCloseInput): Promise<Manifest> {
    staffOnly(auth);
    const { day, accountKey } = input;
    const id = await this.core.db.transaction().execute(async (trx) => {
      await manifestsRepo.lockDay(trx, accountKey, day);
      const open = await manifestsRepo.openParcels(trx, accountKey, day);
      if (open.length === 0) {
        const last = await manifestsRepo.latest(trx, accountKey, day);
        if (!last) throw new AppError('ManifestNothingToClose', { params: { account: accountKey.replace(/^\w+:/, ''), day } });
        return Number(last.id);
      }
      const first = open[0]!;
      return manifestsRepo.create(trx, {
        accountKey,
        accountId: first.accountId,
        carrier: first.carrier,
        day,
        carrierState: carrierCallOf(first) ? 'pending' : 'none',
        userId: auth.userId,
        trackingIds: open.map((p) => p.id),
      });
    });
    const manifest = (await manifestsRepo.byId(this.core.db, id))!;
    if (manifest.carrier_state === 'pending' || manifest.carrier_state === 'failed') await this.callCarrier(manifest);
    return manifestOut((await manifestsRepo.byId(this.core.db, id))!);
  }

  /** The carrier's close-out call for a manifest; its outcome is kept on the manifest, never thrown. */
  private async callCarrier(manifest: ManifestRecord): Promise<void> {
    const id = Number(manifest.id);
    const resolved = manifest.account_id === null ? null : await carriersServices(this.core).accounts.configOf(this.core.db, Number(manifest.account_id));
    if (!resolved?.driver.manifest) {
      await manifestsRepo.setCarrier(this.core.db, id, { state: 'failed', errorKind: 'service', message: 'No carrier account with a manifest call' });
      return;
    }
    const parcels = await manifestsRepo.manifestParcels(this.core.db, id);
    try {
      const answer = await resolved.driver.manifest(
        resolved.config,
        parcels.map((p) => ({ trackingNumber: p.trackingNo, carrierRef: p.carrierRef || p.trackingNo })),
        { fetch, timeoutMs: this.core.config.CARRIER_TIMEOUT_MS },
      );
      await manifestsRepo.setCarrier(this.core.db, id, { state: 'done', ref: answer.reference });
    } catch (error) {
      const err = error instanceof CarrierError ? error : new CarrierError('unavailable', error instanceof Error ? error.message : String(error));
      this.core.log.warn({ manifest: id, kind: err.kind }, 'carrier manifest call failed');
      await manifestsRepo.setCarrier(this.core.db, id, { state: 'failed', errorKind: err.kind, message: err.carrierMessage });
    }
  }

  private async mustFind(auth: AuthContext, id: number): Promise<ManifestRecord> {
    staffOnly(auth);
    const manifest = await manifestsRepo.byId(this.core.db, id);
    if (!manifest) throw new AppError('NotFound');
    return manifest;
  }

  /** The manifest as an A4 PDF with the totals and the signature fields. */
  async pdf(auth: AuthContext, id: number, locale: Locale): Promise<{ name: string; stream: Readable }> {
    const m = await this.mustFind(auth, id);
    const rows = await manifestsRepo.manifestParcels(this.core.db, id);
    const first = rows[0];
    const stream = manifestSheet({
      language: locale,
      number: numberOf(m),
      carrier: (first?.carrier ?? m.carrier).toUpperCase(),
      account: first?.accountName ?? '',
      day: m.day,
      carrierRef: m.carrier_ref,
      createdAt: localTime(m.created_at),
      rows: rows.map((r) => ({
        trackingNo: r.trackingNo,
        outboundUNID: r.outboundUnid,
        merchant: r.merchantName,
        palletCode: r.palletCode,
        weightKg: r.weightKg === null ? null : Number(r.weightKg),
      })),
    });
    return { name: `${numberOf(m)}.pdf`, stream };
  }

  /** The manifest as CSV, one parcel per row. */
  async csv(auth: AuthContext, id: number, locale: Locale): Promise<{ name: string; data: Buffer }> {
    const m = await this.mustFind(auth, id);
    const rows = await manifestsRepo.manifestParcels(this.core.db, id);
    const number = numberOf(m);
    const data = toCsv(
      csvHeader(locale),
      rows.map((r) => [
        number,
        m.day,
        r.carrier,
        r.accountName ?? '',
        r.trackingNo,
        r.outboundUnid,
        r.merchantName,
        r.palletCode,
        localTime(r.handedOverAt),
        r.weightKg === null ? '' : Number(r.weightKg),
      ]),
    );
    return { name: `${number}.csv`, data };
  }

  /**
   * The cut-off check (system work, the job and the interval): once the cut-off of a day has passed in
   * the warehouse's time zone, every parcel of that day or before that is in no manifest is flagged.
   */
  /** The cut-off check asked for by staff (the same work as the job's). */
  async flagLateNow(auth: AuthContext): Promise<number> {
    staffOnly(auth);
    return this.flagLate();
  }

  async flagLate(now = new Date()): Promise<number> {
    const local = await manifestsRepo.localNow(this.core.db, now);
    const { cutoff } = await this.rules();
    const lastDay = local.time >= cutoff ? local.day : previousDay(local.day);
    return manifestsRepo.flagLate(this.core.db, lastDay);
  }
}

function previousDay(day: string): string {
  const d = new Date(`${day}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}
