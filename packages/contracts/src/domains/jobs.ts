import { z } from 'zod';

export const JOB_STATUSES = ['queued', 'running', 'done', 'failed', 'canceled'] as const;

/** A background job as its owner sees it (issue 2 §9). */
export const jobSchema = z.object({
  id: z.number(),
  kind: z.string(),
  status: z.enum(JOB_STATUSES),
  done: z.number(),
  total: z.number(),
  message: z.string(),
  error: z.string().nullable(),
  attempts: z.number(),
  /** Download address of the result file, when the job produced one. */
  resultUrl: z.string().nullable(),
  result: z.unknown().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type Job = z.infer<typeof jobSchema>;

export const jobIdParamsSchema = z.strictObject({
  id: z.coerce
    .number()
    .int()
    .min(1)
    .max(2 ** 31 - 1),
});
