import { COMPARTMENT_RANGE_MAX, expandRange, rangeCount } from '@kontor/contracts/compartment-range';
import type { z } from 'zod';
import type { compartmentRangeSchema } from '@kontor/contracts/domains/labels';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import { AppError, ruleError } from '../../http/app-error.js';
import { compartmentRangeRepo, type CompartmentForLabel } from './compartment-range.repo.js';
import { warehouseExists } from './warehouse-options.repo.js';

export type CompartmentRangeRequest = z.infer<typeof compartmentRangeSchema>;

export interface RangePreview {
  count: number;
  first: string | null;
  last: string | null;
  /** Codes of the range the warehouse already has: creating skips them. */
  existing: number;
  max: number;
}

/** The range's own checks: each bound in order, a warehouse that exists, the size within the limit. */
async function check(db: Kysely<DB>, r: CompartmentRangeRequest): Promise<void> {
  const reversed = (['aisles', 'levels', 'positions'] as const).filter((k) => r[k].to < r[k].from);
  if (reversed.length) throw new AppError('IntegrityError', { fields: reversed.map((k) => ruleError(`${k}.to`, 'tooSmall', { min: r[k].from })) });
  const count = rangeCount(r);
  if (count > COMPARTMENT_RANGE_MAX)
    throw new AppError('IntegrityError', { fields: [ruleError('positions.to', 'rangeTooLarge', { count, max: COMPARTMENT_RANGE_MAX })] });
  if (!(await warehouseExists(db, r.warehouseId)))
    throw new AppError('IntegrityError', { fields: [ruleError('warehouseId', 'unknownRecord', { value: r.warehouseId })] });
}

/**
 * Compartment ranges (issue 17 item 9; docs/inventory.md): a preview (how many, first and last code, how
 * many exist already) and the creation of the missing compartments in one transaction. Existing
 * compartments are never changed, so running a range twice creates nothing the second time.
 */
export class CompartmentRangeService {
  constructor(private readonly db: Kysely<DB>) {}

  async preview(r: CompartmentRangeRequest): Promise<RangePreview> {
    await check(this.db, r);
    const codes = expandRange(r).map((c) => c.code);
    const existing = await compartmentRangeRepo.existing(this.db, r.warehouseId, codes);
    return { count: codes.length, first: codes[0] ?? null, last: codes.at(-1) ?? null, existing: existing.size, max: COMPARTMENT_RANGE_MAX };
  }

  async create(r: CompartmentRangeRequest): Promise<{ created: Array<{ id: number; code: string }>; skipped: number }> {
    await check(this.db, r);
    const wanted = expandRange(r);
    const created = await this.db.transaction().execute((trx) =>
      compartmentRangeRepo.insertMissing(
        trx,
        r.warehouseId,
        wanted.map((c) => ({ ...c, zone: r.zone, kind: r.kind })),
      ),
    );
    return { created, skipped: wanted.length - created.length };
  }
}

/** Compartments by id as their labels print them (the labels module). */
export const compartmentsForLabels = (db: Kysely<DB>, ids: number[]): Promise<CompartmentForLabel[]> => compartmentRangeRepo.forLabels(db, ids);
