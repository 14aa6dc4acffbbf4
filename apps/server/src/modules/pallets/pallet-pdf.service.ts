import type { Readable } from 'node:stream';
import type { Locale } from '@kontor/contracts';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import type { AuthContext } from '../../http/access.js';
import { handoverSheet, palletSheet } from '../../lib/documents/pallet-sheets.js';
import { documentTexts } from '../../lib/documents/texts.js';
import { palletsRepo, type PalletRecord } from './pallets.repo.js';
import { loadingNotFound, staffOnly } from './pallets.service.js';

/** A tracking row's match status as printed on the handover document (`palletSheets.matchStatus` of the documents' catalogues). */
export const MATCH_STATUS_TEXTS = Object.fromEntries(
  Object.entries(documentTexts('palletSheets')).map(([language, texts]) => [language, texts.matchStatus as Record<string, string>]),
) as Record<Locale, Record<string, string>>;

const base = (p: PalletRecord, language: Locale) => ({
  palletCode: p.pallet_code,
  pickupCarrier: p.pickup_carrier,
  unitStr: p.unit_str,
  plateNumber2: p.plate_number2,
  pickupDate: p.pickup_day,
  importantNote: p.important_note,
  language,
});

async function mustFind(db: Kysely<DB>, auth: AuthContext, code: string, locale: Locale) {
  staffOnly(auth);
  const p = await palletsRepo.byCode(db, code);
  if (!p) throw loadingNotFound(code, locale);
  return p;
}

/** The loading sheet (A4) of a config. */
export async function palletPdf(db: Kysely<DB>, auth: AuthContext, code: string, locale: Locale): Promise<Readable> {
  return palletSheet(base(await mustFind(db, auth, code, locale), locale));
}

/** The handover document of a pallet: its tracking list, counts and signature fields. */
export async function handoverPdf(db: Kysely<DB>, auth: AuthContext, code: string, locale: Locale): Promise<Readable> {
  const p = await mustFind(db, auth, code, locale);
  const rows = await palletsRepo.tracking(db, p.id);
  return handoverSheet({
    ...base(p, locale),
    closedAt: p.closed_at ? p.closed_at.toISOString().slice(0, 16).replace('T', ' ') : '',
    rows: rows.map((r) => ({
      trackingNo: r.tracking_no,
      outboundUNID: r.outbound_unid,
      carrier: r.carrier,
      status: MATCH_STATUS_TEXTS[locale][r.resolve_status] ?? r.resolve_status,
    })),
  });
}
