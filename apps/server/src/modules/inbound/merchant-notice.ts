import type { Locale } from '@kontor/contracts';
import { sql } from 'kysely';
import type { Core } from '../../core.js';

/** A `msg` to every active user of a merchant, each in their own language (issue 6 §6). */
export async function msgToMerchant(core: Pick<Core, 'db' | 'realtime' | 'log'>, merchantId: number, text: (locale: Locale) => string): Promise<void> {
  const users = await sql<{ id: number; language: string | null }>`select id, language from users where merchant_id = ${merchantId} and not disabled`.execute(
    core.db,
  );
  for (const user of users.rows) {
    const locale = (['en', 'cn', 'de'].includes(user.language ?? '') ? user.language : 'en') as Locale;
    await core.realtime.msgToUser(Number(user.id), text(locale)).catch((err: unknown) => core.log.warn({ err }, 'merchant notice not delivered'));
  }
}
