import type { Locale } from '@kontor/contracts';
import type { Core } from '../../core.js';
import { merchantDirectory } from '../admin/index.js';

type Notifier = Pick<Core, 'db' | 'realtime' | 'log'>;

/** A `msg` to each of the given users in their own language; a socket that is gone is logged, never an error. */
export async function msgToUsers(core: Notifier, users: Array<{ id: number; language: string | null }>, text: (locale: Locale) => string): Promise<void> {
  for (const user of users) {
    const locale = (['en', 'cn', 'de'].includes(user.language ?? '') ? user.language : 'en') as Locale;
    await core.realtime.msgToUser(Number(user.id), text(locale)).catch((err: unknown) => core.log.warn({ err }, 'notice not delivered'));
  }
}

/** A `msg` to every active user of a merchant, each in their own language (issue 6 §6). */
export async function msgToMerchant(core: Notifier, merchantId: number, text: (locale: Locale) => string): Promise<void> {
  await msgToUsers(core, await merchantDirectory.activeUsers(core.db, merchantId), text);
}
