import type { Locale } from '@kontor/contracts';
import type { Core } from '../../core.js';
import { InboundRepo } from './inbound.repo.js';
import { msgToMerchant } from './merchant-notice.js';

const TEXTS: Record<Locale, (n: { unid: string; units: number; damaged: number; difference: number; final: boolean }) => string> = {
  en: (n) =>
    `Inbound ${n.unid} ${n.final ? 'received' : 'partially received'}: ${n.units} unit(s)${n.damaged ? `, ${n.damaged} damaged` : ''}${n.difference ? `, difference ${n.difference > 0 ? '+' : ''}${n.difference}` : ''}.`,
  cn: (n) =>
    `入库单 ${n.unid} ${n.final ? '已收货' : '部分收货'}：${n.units} 件${n.damaged ? `，其中 ${n.damaged} 件破损` : ''}${n.difference ? `，差异 ${n.difference > 0 ? '+' : ''}${n.difference}` : ''}。`,
  de: (n) =>
    `Wareneingang ${n.unid} ${n.final ? 'abgeschlossen' : 'teilweise erfasst'}: ${n.units} Einheit(en)${n.damaged ? `, ${n.damaged} beschädigt` : ''}${n.difference ? `, Differenz ${n.difference > 0 ? '+' : ''}${n.difference}` : ''}.`,
};

/** Tells the merchant's users (a `msg` on their open consoles) that a receiving of their order was booked (issue 6 §6). */
export async function noticeReceiving(core: Pick<Core, 'db' | 'realtime' | 'log'>, orderId: number, final: boolean): Promise<void> {
  const row = await new InboundRepo().receivingSummary(core.db, orderId);
  if (!row) return;
  await msgToMerchant(core, row.merchantId, (locale) => TEXTS[locale]({ ...row, final }));
}
