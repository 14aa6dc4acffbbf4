import type { Locale } from '@kontor/contracts';
import { sql } from 'kysely';
import type { Core } from '../../core.js';

const TEXTS: Record<Locale, (shipSN: string, units: number) => string> = {
  en: (shipSN, units) => `Return ${shipSN} inbounded: ${units} unit(s).`,
  cn: (shipSN, units) => `退货 ${shipSN} 已入库：${units} 件。`,
  de: (shipSN, units) => `Retoure ${shipSN} eingelagert: ${units} Einheit(en).`,
};

/** Tells the merchant's users that a return of theirs was inbounded (issue 6 §6). */
export async function noticeReturn(core: Pick<Core, 'db' | 'realtime' | 'log'>, record: { merchantId: number | null; shipSN: string; items: string }) {
  if (record.merchantId === null) return;
  const units = (JSON.parse(record.items) as Array<{ qty: number }>).reduce((sum, l) => sum + l.qty, 0);
  const users = await sql<{
    id: number;
    language: string | null;
  }>`select id, language from users where merchant_id = ${record.merchantId} and not disabled`.execute(core.db);
  for (const user of users.rows) {
    const locale = (['en', 'cn', 'de'].includes(user.language ?? '') ? user.language : 'en') as Locale;
    await core.realtime
      .msgToUser(Number(user.id), TEXTS[locale](record.shipSN, units))
      .catch((err: unknown) => core.log.warn({ err }, 'return notice not delivered'));
  }
}
