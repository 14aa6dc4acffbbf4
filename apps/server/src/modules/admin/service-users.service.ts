import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import { serviceUsersRepo } from './service-users.repo.js';

/**
 * Users are the admin module's records (issue 16 item 3): the OAuth2 clients of the oauth module get
 * their service user made and disabled here, in the caller's transaction.
 */
export const serviceUsers = {
  /** A new service user; its id. */
  create: (trx: Kysely<DB>, user: { account: string; name: string; passwordHash: string; type: number; merchantId: number | null }): Promise<number> =>
    serviceUsersRepo.insert(trx, user),
  /** Disables a service user (kept for the audit trail). */
  disable: (trx: Kysely<DB>, id: number): Promise<void> => serviceUsersRepo.disable(trx, id),
};
