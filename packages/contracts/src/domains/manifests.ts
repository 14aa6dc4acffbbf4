import { z } from 'zod';
import { calendarDay } from './calendar-day.js';

/**
 * End-of-day manifests (issue 19 item 4, docs/manifests.md): per carrier account and warehouse day
 * (Europe/Berlin), the parcels handed over, closed into manifests (PDF, CSV and, where the carrier has
 * one, its close-out call).
 */

const day = calendarDay;

/** `GET /v0/wms/manifests?day=`: the day's handed-over parcels per account (today when absent). */
export const manifestDayQuerySchema = z.object({ day: day.optional() });

/** `GET /v0/wms/manifests/activity?day=` and `activity.csv`: the day's handover activity per merchant (issue 19 item 8). */
export const handoverActivityQuerySchema = manifestDayQuerySchema;

/**
 * What a manifest is made for: `account:<id>` (labels bought under a Kontor carrier account) or
 * `carrier:<name>` (parcels labelled elsewhere, by the order's carrier: documents only).
 */
export const manifestAccountKey = z
  .string()
  .trim()
  .max(120)
  .regex(/^(account:\d{1,18}|carrier:.{1,100})$/, 'format');

/** `POST /v0/wms/manifests/close`: close the day of one account (idempotent). */
export const manifestCloseSchema = z.object({ day, accountKey: manifestAccountKey });
export type ManifestCloseInput = z.infer<typeof manifestCloseSchema>;

/** `POST /v0/wms/manifests/flagLate`: run the cut-off check now (the job does it on its own). */
export const manifestFlagSchema = z.object({}).strict();

/** The setting `manifests.rules`: the cut-off (Berlin time, HH:MM) after which unmanifested parcels are flagged. */
export const manifestRulesSchema = z.object({
  cutoff: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/)
    .default('18:00'),
});
export type ManifestRules = z.infer<typeof manifestRulesSchema>;
