import type { Locale } from '@kontor/contracts';
import type { Core } from '../../core.js';
import { msgToMerchant } from '../inbound/index.js';

const TEXTS: Record<Locale, (shipSN: string, units: number) => string> = {
  en: (shipSN, units) => `Return ${shipSN} inbounded: ${units} unit(s).`,
  cn: (shipSN, units) => `退货 ${shipSN} 已入库：${units} 件。`,
  de: (shipSN, units) => `Retoure ${shipSN} eingelagert: ${units} Einheit(en).`,
};

/** Tells the merchant's users that a return of theirs was inbounded (issue 6 §6). */
export async function noticeReturn(core: Pick<Core, 'db' | 'realtime' | 'log'>, record: { merchantId: number | null; shipSN: string; items: string }) {
  if (record.merchantId === null) return;
  const units = (JSON.parse(record.items) as Array<{ qty: number }>).reduce((sum, l) => sum + l.qty, 0);
  await msgToMerchant(core, record.merchantId, (locale) => TEXTS[locale](record.shipSN, units));
}
