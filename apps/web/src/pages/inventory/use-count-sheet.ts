import { useEffect, useMemo, useState } from 'react';
import { request } from '../../api/request.js';
import { stocktakes, type StockCount } from './inventory-api.js';
import { sheetOf, type SheetLine } from './stocktake-sheet.js';

export interface ScanDraft {
  compartmentId?: number;
  item: string;
  batch: string;
}

/**
 * One count as a sheet: the count read by id with the codes of its compartments, the quantities typed
 * but not saved (drafts) and lines added by scanning. A new state of the count from the server
 * replaces both, since it holds what was saved.
 */
export function useCountSheet(id: number) {
  const [count, setCount] = useState<StockCount | null>(null);
  const [drafts, setDrafts] = useState<Record<string, number | null>>({});
  const [added, setAdded] = useState<SheetLine[]>([]);
  const [codes, setCodes] = useState<Array<{ id: number; code: string }>>([]);
  const [scan, setScan] = useState<ScanDraft>({ item: '', batch: '' });

  useEffect(() => {
    let alive = true;
    stocktakes.get(id).then(
      (c) => {
        if (!alive) return;
        setCount(c);
        setDrafts({});
        setAdded([]);
        return request<{ data: Array<{ id: number; code: string }> }>({ url: '/v0/compartments/', params: { id: c.compartmentIds, l: 500 }, quiet: true }).then(
          (page) => {
            if (!alive) return;
            setCodes(page.data);
            setScan((s) => ({ ...s, compartmentId: s.compartmentId ?? page.data[0]?.id }));
          },
        );
      },
      () => undefined,
    );
    return () => {
      alive = false;
    };
  }, [id]);

  const sheet = useMemo(() => (count ? sheetOf(count, added) : []), [count, added]);
  const countedOf = (line: SheetLine) => (line.key in drafts ? drafts[line.key]! : line.counted);
  const changed = sheet.filter((l) => l.key in drafts && drafts[l.key] !== null && drafts[l.key] !== l.counted);
  const replace = (next: StockCount) => {
    setCount(next);
    setDrafts({});
    setAdded([]);
  };
  /** One more unit of a line found by scanning; a line the sheet does not have yet is added. */
  const countOneMore = (line: SheetLine) => {
    if (!sheet.some((l) => l.key === line.key)) setAdded((a) => [...a, line]);
    setDrafts((d) => ({ ...d, [line.key]: (d[line.key] ?? sheet.find((l) => l.key === line.key)?.counted ?? 0) + 1 }));
    setScan((s) => ({ ...s, item: '' }));
  };
  const setDraft = (key: string, value: number | null) => setDrafts((d) => ({ ...d, [key]: value }));
  return { count, setCount, sheet, drafts, countedOf, changed, codes, scan, setScan, replace, countOneMore, setDraft };
}

export type CountSheet = ReturnType<typeof useCountSheet>;
