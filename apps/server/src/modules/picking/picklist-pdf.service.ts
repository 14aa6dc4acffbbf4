import type { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import type { AuthContext } from '../../http/access.js';
import { AppError } from '../../http/app-error.js';
import { picklistSheet } from '../../lib/documents/picklist-sheet.js';
import type { LabelLanguage } from '../../lib/documents/logistics-labels.js';
import { pickingRepo } from './picking.repo.js';
import { staffOnly } from './picking.service.js';

const TYPE_LABELS: Record<LabelLanguage, Record<number, string>> = {
  en: { 1: 'Pack Scan Order', 100: 'Pack Scan Batch' },
  cn: { 1: '按订单打包', 100: '批量打包' },
  de: { 1: 'Packen je Auftrag', 100: 'Packen je Stück' },
};

/** The picklist PDF in the user's language (issue 18 item 5). Printing it is reported separately (`printed`). */
export async function picklistPdf(db: Kysely<DB>, auth: AuthContext, id: number, locale: string): Promise<{ unid: string; stream: Readable }> {
  staffOnly(auth);
  const p = await pickingRepo.picklist(db, id);
  if (!p) throw new AppError('NotFound');
  const lines = await pickingRepo.lines(db, id);
  const language: LabelLanguage = locale === 'cn' || locale === 'de' ? locale : 'en';
  const stream = picklistSheet({
    unid: p.unid,
    typeLabel: TYPE_LABELS[language][p.type] ?? String(p.type),
    carrier: p.carrier,
    merchant: p.merchantName,
    created: p.createdAt.toISOString().slice(0, 16).replace('T', ' '),
    orderCount: p.orderCount,
    itemQty: p.itemQty,
    lines: lines.map((l) => ({ compartment: l.compartment, sku: l.sku, name: l.itemName, batch: l.batch, qty: l.qty })),
    language,
  });
  return { unid: p.unid, stream };
}
