import { errorText, OUTBOUND_CLOSED, OUTBOUND_DISPATCHED, OUTBOUND_ORDER, type Locale, type OutboundState } from '@kontor/contracts';
import {
  palletConfigSchema,
  stripControl,
  type PalletConfigInput,
  type PalletFlushInput,
  type PalletListQuery,
  type ResolveStatus,
} from '@kontor/contracts/domains/pallets';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Core } from '../../core.js';
import type { DB } from '../../db/types.js';
import type { AuthContext } from '../../http/access.js';
import { AppError, ruleError } from '../../http/app-error.js';
import { attachFiles } from '../files/index.js';
import { shippingLog, trackedOrders, type LoadingLogEntry, type TrackedOrder } from '../outbound/index.js';
import { normaliseTracking, palletObject, plateKeyOf, trackingObject } from './pallet-shapes.js';
import { palletsRepo, type PalletRecord } from './pallets.repo.js';

/** Loading is warehouse work: merchant users never see pallets (they see their orders' status). */
export function staffOnly(auth: AuthContext): void {
  if (auth.merchantId !== null) throw new AppError('NoPermission');
}

/** The original's "loading number not found" (facts §2.6), as `NotFound` worded in the user's language. */
export const loadingNotFound = (code: string, locale: Locale) => new AppError('NotFound', { detail: errorText('LoadingNotFound', locale, { code }) });

export const palletClosed = (p: PalletRecord) => new AppError('PalletClosed', { params: { code: p.pallet_code } });

/** The states whose parcels may leave with a pallet (docs/loading.md "Resolving"): packed, through its checks, or partly gone. */
const SHIPPABLE: readonly OutboundState[] = ['packingCompleted', 'readyToShip', 'partiallyShipped'];
/** Exceptions raised on an order (issue 7 §2): someone must act on it first, the handover does not overrun it. */
const RAISED: readonly OutboundState[] = ['hold', 'wrongAddress', 'problem', 'manualHandlingAwaits', 'customerHandlingAwaits', 'cancelRequested'];

/** What the lookup of a tracking number's order found (docs/loading.md "Resolving"). */
export function resolveOf(order: TrackedOrder | null): { status: ResolveStatus; error: string } {
  if (!order) return { status: 'not_found', error: '' };
  const state = OUTBOUND_ORDER.stateOf(order.status);
  if (!state) return { status: 'error', error: `status ${order.status}` };
  if (SHIPPABLE.includes(state)) return { status: 'resolved', error: '' };
  // Canceled or finished, an exception raised, or gone already (shipped, in transit, delivered, returned,
  // partially finished): the parcel may not leave with this pallet. Only an order still on its way
  // through picking, packing and its checks is pending: it may yet be handed over.
  if (OUTBOUND_CLOSED.includes(state) || RAISED.includes(state) || OUTBOUND_DISPATCHED.includes(state)) return { status: 'error', error: state };
  return { status: 'pending', error: state };
}

/** A resolve status as the shipping log words it (docs/loading.md "Shipping log"). */
const LOG_RESULT: Record<ResolveStatus, LoadingLogEntry['result']> = { resolved: 'matched', pending: 'pending', not_found: 'notFound', error: 'error' };

/**
 * Loading configs and the loading scan (issue 19 item 2, facts §2.6, §3.7): find a config by pallet
 * code or plate, persist tracking numbers on it one pallet per number, remove them. Every write locks
 * the pallet row first, so a flush and a handover of one pallet never interleave.
 */
export class PalletsService {
  constructor(private readonly core: Pick<Core, 'db'>) {}

  private async mustFind(db: Kysely<DB>, code: string, locale: Locale, lock = false): Promise<PalletRecord> {
    const pallet = await palletsRepo.byCode(db, code, { lock });
    if (!pallet) throw loadingNotFound(code, locale);
    return pallet;
  }

  /** `handover/scan`: a pallet code exactly, else a plate ignoring spaces (the latest config; `ambiguous` when several). */
  async scan(auth: AuthContext, raw: string) {
    staffOnly(auth);
    const scan = stripControl(raw).trim().toUpperCase();
    if (scan === '') return { scan, scanType: '' as const, ambiguous: false, pallet: null };
    const db = this.core.db;
    const byCode = await palletsRepo.byCode(db, scan);
    if (byCode) {
      await shippingLog.loading(db, auth, [{ code: scan, result: 'matched', palletCode: byCode.pallet_code }]);
      return { scan, scanType: 'palletCode' as const, ambiguous: false, pallet: palletObject(byCode) };
    }
    const byPlate = await palletsRepo.byPlate(db, plateKeyOf(scan));
    const found = byPlate[0];
    const ambiguous = byPlate.length > 1;
    // Every handover scan is logged: the pallet it found (a plate of several configs: `ambiguous`), or not found.
    await shippingLog.loading(db, auth, [
      found
        ? { code: scan, result: 'matched', palletCode: found.pallet_code, errorCode: ambiguous ? 'ambiguous' : '' }
        : { code: scan, result: 'notFound', palletCode: '', errorCode: 'LoadingNotFound' },
    ]);
    if (found) return { scan, scanType: 'plateNumber' as const, ambiguous, pallet: palletObject(found) };
    return { scan, scanType: '' as const, ambiguous: false, pallet: null };
  }

  async tracking(auth: AuthContext, code: string, locale: Locale) {
    staffOnly(auth);
    const pallet = await this.mustFind(this.core.db, code, locale);
    return (await palletsRepo.tracking(this.core.db, pallet.id)).map(trackingObject);
  }

  /**
   * `tracking/flush`: persists the numbers on the pallet. A number already on this pallet is skipped
   * (idempotent); one on another pallet answers TrackingConflictError and nothing of the call is kept.
   * The unique index decides a race between two pallets: the loser's insert does nothing and finds
   * the winner's row. A refusal is logged by the route after the rollback (`logRefusal`).
   */
  async flush(auth: AuthContext, code: string, input: PalletFlushInput, locale: Locale) {
    staffOnly(auth);
    return this.flushIn(auth, code, input, locale);
  }

  /**
   * Logs a refused flush (docs/loading.md "Shipping log"). Called by the route once the call's work has
   * rolled back, its Idempotency-Key's transaction included (the loading screen sends a key with every
   * number), so the row stays: a conflict names the number on another pallet (with its order); a
   * handed-over pallet refuses every number of the call. Other refusals kept nothing and log nothing.
   */
  async logRefusal(auth: AuthContext, code: string, input: PalletFlushInput, error: unknown): Promise<void> {
    if (!(error instanceof AppError) || auth.merchantId !== null) return;
    const palletCode = normaliseTracking(code);
    let entries: LoadingLogEntry[] = [];
    const conflicting = error.options.params?.trackingNo;
    if (error.code === 'TrackingConflictError' && typeof conflicting === 'string')
      entries = [
        { code: conflicting, result: 'conflict', palletCode, errorCode: error.code, order: await trackedOrders.byTracking(this.core.db, conflicting) },
      ];
    else if (error.code === 'PalletClosed')
      entries = input.items
        .map((item) => normaliseTracking(item.trackingNoNorm || item.trackingNo))
        .filter((trackingNo) => trackingNo !== '')
        .map((trackingNo) => ({ code: trackingNo, result: 'error' as const, palletCode, errorCode: error.code }));
    await shippingLog.loading(this.core.db, auth, entries);
  }

  private async flushIn(auth: AuthContext, code: string, input: PalletFlushInput, locale: Locale) {
    return this.core.db.transaction().execute(async (trx) => {
      const pallet = await this.mustFind(trx, code, locale, true);
      if (pallet.state !== 'open') throw palletClosed(pallet);
      const pairs = [];
      const logged: LoadingLogEntry[] = [];
      for (const [index, item] of input.items.entries()) {
        const trackingNo = normaliseTracking(item.trackingNoNorm || item.trackingNo);
        if (trackingNo === '') throw new AppError('IntegrityError', { fields: [ruleError(`items.${index}.trackingNo`, 'required')] });
        let row = await palletsRepo.trackingByNumber(trx, trackingNo);
        let fresh = false;
        if (!row) {
          const order = await trackedOrders.byTracking(trx, trackingNo);
          const resolved = resolveOf(order);
          fresh = true;
          row =
            (await palletsRepo.insertTracking(trx, {
              palletId: pallet.id,
              palletCode: pallet.pallet_code,
              trackingNo,
              outboundId: order?.id ?? null,
              outboundUnid: order?.unid ?? '',
              merchantId: order?.merchantId ?? null,
              carrier: order?.carrier || item.carrier,
              resolveStatus: resolved.status,
              resolveError: resolved.error,
              rawScan: item.trackingNo,
              userId: auth.userId,
            })) ?? (await palletsRepo.trackingByNumber(trx, trackingNo));
        }
        if (!row) throw new AppError('Conflict');
        if (Number(row.pallet_id) !== Number(pallet.id)) throw new AppError('TrackingConflictError', { params: { trackingNo, palletCode: row.pallet_code } });
        const status = row.resolve_status as ResolveStatus;
        logged.push({
          code: trackingNo,
          result: fresh ? (LOG_RESULT[status] ?? 'error') : 'already',
          palletCode: pallet.pallet_code,
          errorCode: fresh && status === 'error' ? row.resolve_error : '',
          order: row.outbound_id === null ? null : { id: Number(row.outbound_id), unid: row.outbound_unid, merchantId: Number(row.merchant_id), status: null },
        });
        pairs.push(trackingObject(row));
      }
      // A call of numbers already on the pallet adds none: its count stands.
      if (logged.some((entry) => entry.result !== 'already')) await palletsRepo.recount(trx, pallet.id);
      await shippingLog.loading(trx, auth, logged);
      return { pairs };
    });
  }

  /** `tracking/remove`: takes a persisted number off an open pallet (absent: nothing to do). */
  async remove(auth: AuthContext, code: string, trackingNo: string, locale: Locale): Promise<null> {
    staffOnly(auth);
    await this.core.db.transaction().execute(async (trx) => {
      const pallet = await this.mustFind(trx, code, locale, true);
      if (pallet.state !== 'open') throw palletClosed(pallet);
      if (await palletsRepo.removeTracking(trx, pallet.id, normaliseTracking(trackingNo))) await palletsRepo.recount(trx, pallet.id);
    });
    return null;
  }

  async list(auth: AuthContext, query: PalletListQuery) {
    staffOnly(auth);
    const { rows, total } = await palletsRepo.page(this.core.db, query);
    return { total, page: Math.floor(query.o / query.l) + 1, next: query.o + rows.length < total ? query.o + rows.length : 0, data: rows.map(palletObject) };
  }

  async get(auth: AuthContext, code: string, locale: Locale) {
    staffOnly(auth);
    return palletObject(await this.mustFind(this.core.db, code, locale));
  }

  async create(auth: AuthContext, input: PalletConfigInput) {
    staffOnly(auth);
    const code = await this.core.db.transaction().execute((trx) => palletsRepo.insert(trx, columnsOf(input), auth.userId));
    return palletObject((await palletsRepo.byCode(this.core.db, code))!);
  }

  async update(auth: AuthContext, code: string, input: PalletConfigInput, locale: Locale) {
    staffOnly(auth);
    await this.core.db.transaction().execute(async (trx) => {
      const pallet = await this.mustFind(trx, code, locale, true);
      if (pallet.state !== 'open') throw palletClosed(pallet);
      await palletsRepo.update(trx, pallet.id, columnsOf(input));
    });
    return this.get(auth, code, locale);
  }

  /** The signed handover document (uploaded through the files routes) kept with the pallet. */
  async attachSigned(auth: AuthContext, code: string, files: Array<{ id: string }>, locale: Locale) {
    staffOnly(auth);
    await this.core.db.transaction().execute(async (trx) => {
      const pallet = await this.mustFind(trx, code, locale, true);
      await attachFiles(trx, auth, null, files);
      const named = await palletsRepo.fileNames(
        trx,
        files.map((f) => f.id),
      );
      const kept = Array.isArray(pallet.signed_files) ? (pallet.signed_files as Array<{ id: string; name: string }>) : [];
      await palletsRepo.setSignedFiles(trx, pallet.id, [...kept.filter((k) => !named.some((n) => n.id === k.id)), ...named]);
    });
    return this.get(auth, code, locale);
  }
}

/**
 * A config with a code of its own (the demo's LD20260001 of facts §8), in the caller's transaction: the
 * counter moves past it, so the next config the screen creates takes the following number.
 */
export async function createPalletWithCode(trx: Kysely<DB>, code: string, input: z.input<typeof palletConfigSchema>): Promise<void> {
  const match = /^LD\d{4}(\d{4,})$/.exec(code);
  if (!match) throw new AppError('IntegrityError', { fields: [{ field: 'palletCode', message: code }] });
  if (await palletsRepo.byCode(trx, code)) throw new AppError('Duplicate', { fields: [{ field: 'palletCode', message: code }] });
  await palletsRepo.insert(trx, columnsOf(palletConfigSchema.parse(input)), null, code);
  await palletsRepo.advanceCode(trx, Number(match[1]));
}

function columnsOf(input: PalletConfigInput) {
  return {
    pickup_carrier: input.pickupCarrier,
    unit_str: input.unitStr,
    plate_number2: input.plateNumber2,
    plate_key: plateKeyOf(input.plateNumber2),
    pickup_date: input.pickupDate === '' ? null : input.pickupDate,
    important_note: input.importantNote,
  };
}
