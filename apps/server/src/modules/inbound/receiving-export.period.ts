import { z } from 'zod';
import { AppError, ruleError } from '../../http/app-error.js';

const MAX_DAYS = 366;

export interface Period {
  from: string;
  to: string;
}

const dateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const dayNumber = (date: string) => {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const at = new Date(Date.UTC(y, m - 1, d));
  return at.getUTCFullYear() === y && at.getUTCMonth() === m - 1 && at.getUTCDate() === d ? at.getTime() / 86_400_000 : null;
};

/** Both dates present and real, from ≤ to, at most 366 days (inclusive). */
export function parsePeriod(input: { from?: string; to?: string }): Period {
  const days: Partial<Record<'from' | 'to', number>> = {};
  for (const field of ['from', 'to'] as const) {
    const value = input[field];
    if (!value) throw new AppError('IntegrityError', { fields: [ruleError(field, 'required')] });
    const day = dateSchema.safeParse(value).success ? dayNumber(value) : null;
    if (day === null) throw new AppError('IntegrityError', { fields: [ruleError(field, 'notDate')] });
    days[field] = day;
  }
  const span = days.to! - days.from! + 1;
  if (span < 1) throw new AppError('IntegrityError', { fields: [ruleError('to', 'fromAfterTo')] });
  if (span > MAX_DAYS) throw new AppError('IntegrityError', { fields: [ruleError('to', 'periodTooLong', { max: MAX_DAYS })] });
  return { from: input.from!, to: input.to! };
}
