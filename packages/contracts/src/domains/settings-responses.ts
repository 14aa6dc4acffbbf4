import { z } from 'zod';
import { wireTime } from '../responses/wire.js';

/** Answers of the settings module (the generic settings and lookup records derive theirs: responses/resources.ts). */
export const announcementSchema = z.object({ id: z.number(), title: z.string(), text: z.string(), publishFrom: wireTime });

export const settingsResponses = {
  'GET /v0/announcements/current': z.array(announcementSchema),
  /** A setting's stored JSON value (secrets masked), or null when unset. */
  'GET /v0/settings/config': z.json().nullable(),
  /** A lookup's stored meta JSON, or null. */
  'GET /v0/lookup/kct': z.json().nullable(),
  'PUT /v0/lookup/': z.null(),
} satisfies Record<string, z.ZodType>;
