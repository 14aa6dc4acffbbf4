import { carrierAccountCreateSchema, carrierRuleWriteSchema } from '@kontor/contracts/domains/carriers';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { DB } from '../../db/types.js';
import { writeAccount } from './accounts.service.js';
import { writeRule } from './carrier-rules.service.js';

/**
 * Carrier accounts and rules written by the server itself in the caller's transaction (issue 16 item 1:
 * the demo's sandbox set-up), checked as the carrier screens check them, without a session's audit row.
 * Only accounts without credentials: sealing needs the server's key, which a seed has no business with.
 */
export const carrierSetup = {
  async createAccount(db: Kysely<DB>, input: Omit<z.input<typeof carrierAccountCreateSchema>, 'credentials'>): Promise<number> {
    return writeAccount(db, carrierAccountCreateSchema.parse(input), '', []);
  },

  async createRule(db: Kysely<DB>, input: z.input<typeof carrierRuleWriteSchema>): Promise<number> {
    return writeRule(db, carrierRuleWriteSchema.parse(input));
  },
};
