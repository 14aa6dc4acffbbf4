/** Page sizes of spec §9; 25 is the default. Kept free of zod so the console bundle stays small. */
export const PAGE_SIZES = [25, 50, 72, 100, 130, 140, 200, 250, 300, 400, 500, 1000] as const;
export const DEFAULT_PAGE_SIZE = 25;
/** The first page's cursor (facts §1.4). */
export const EPOCH_CURSOR = '1970-01-01T00:00:00.000Z';

/** List answer shape of the original (facts §1.4): total may be capped; `next` is the cursor of the next page or null. */
export interface Page<T> {
  total: number;
  totalCapped?: boolean;
  next: string | null;
  data: T[];
}
