import { z } from 'zod';

/**
 * A day as `YYYY-MM-DD` that exists in the calendar (no 2026-02-30, no month 13) within years a
 * warehouse works with. A pattern alone let such days through to the database, which refused them
 * without naming the field (issue 19: the loading config's pickup date, the manifests' day).
 */
export const calendarDay = z.iso
  .date({ error: 'a date such as 2026-12-01', abort: true })
  .refine((day) => day >= '2000-01-01' && day <= '2999-12-31', 'a date such as 2026-12-01');
