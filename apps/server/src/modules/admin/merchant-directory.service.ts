import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import { merchantExists, merchantIdByCode } from './merchant-exists.repo.js';
import { merchantLabelName } from './merchant-names.repo.js';
import { activeMerchantUsers } from './merchant-users.repo.js';

/**
 * What other modules may ask the admin module about merchants (issue 16 item 2): answers, not the
 * repositories that find them. Each takes the caller's database or transaction.
 */
export const merchantDirectory = {
  /** Whether a merchant with the id exists (a form's merchant field). */
  exists: (db: Kysely<DB>, id: number): Promise<boolean> => merchantExists(db, id),
  /** A merchant's id by its code (the original system's agentGUID), or null. */
  idByCode: (db: Kysely<DB>, code: string): Promise<number | null> => merchantIdByCode(db, code),
  /** The name and code printed on a label, or null for an unknown merchant. */
  labelName: (db: Kysely<DB>, id: number): Promise<{ name: string; code: string } | null> => merchantLabelName(db, id),
  /** The merchant's active users with their language: whom a notice about its documents goes to. */
  activeUsers: (db: Kysely<DB>, merchantId: number): Promise<Array<{ id: number; language: string | null }>> => activeMerchantUsers(db, merchantId),
};
