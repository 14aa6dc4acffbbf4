import type { Locale } from '@kontor/contracts';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import { AppError } from '../../http/app-error.js';
import type { Period } from './receiving-export.period.js';
import { countRows } from './receiving-export.repo.js';
import { say, TEXTS } from './receiving-export.texts.js';
import type { TenantScope } from '../../db/tenant-scope.js';

/** Above this many rows a period is exported by a background job (architecture rule 10). */
export const DIRECT_LIMIT = 5000;

/** Refuses to stream a period larger than DIRECT_LIMIT within the request: the user starts the background export instead. */
export async function ensureDirectExport(db: Kysely<DB>, period: Period, scope: TenantScope, locale: Locale): Promise<void> {
  if ((await countRows(db, period, scope, DIRECT_LIMIT + 1)) > DIRECT_LIMIT)
    throw new AppError('ToFront', { detail: say(TEXTS.tooMany, locale, { limit: DIRECT_LIMIT }), extra: { background: true, limit: DIRECT_LIMIT } });
}
