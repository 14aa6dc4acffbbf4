import { z } from 'zod';
import { DEFAULT_PAGE_SIZE } from './paging-core.js';

export * from './paging-core.js';

/** `l` limit, `o` cursor, `q` search (spec §7 "Paged list GET"). */
export const pageQuerySchema = z.object({
  l: z.coerce.number().int().min(1).max(1000).default(DEFAULT_PAGE_SIZE),
  o: z.string().max(64).optional(),
  q: z.string().max(200).optional(),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;
