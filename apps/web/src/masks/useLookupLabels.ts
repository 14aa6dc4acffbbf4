import type { Mask } from '@kontor/contracts/masks';
import { useEffect, useState } from 'react';
import { request } from '../api/request.js';

type Row = Record<string, unknown>;

/**
 * The labels of a list's lookup fields (a warehouse id shown as DE01): each lookup source is read
 * once, up to 1000 entries, as a background call; values it does not know are shown as they are.
 */
export function useLookupLabels(mask: Mask): Record<string, Map<string, string>> {
  const [labels, setLabels] = useState<Record<string, Map<string, string>>>({});
  useEffect(() => {
    let alive = true;
    const fields = mask.fields.filter((f) => f.type === 'lookup' && f.lookup && !f.hidden);
    void Promise.all(
      fields.map(async (field) => {
        const { api, valueField, labelField } = field.lookup!;
        const data = await request<{ data: Row[] } | Row[]>({ url: api, params: { l: 1000 }, quiet: true, background: true }).catch(() => [] as Row[]);
        const rows = Array.isArray(data) ? data : data.data;
        return [field.id, new Map(rows.map((r) => [String(r[valueField]), String(r[labelField] ?? r[valueField])]))] as const;
      }),
    ).then((entries) => alive && setLabels(Object.fromEntries(entries)));
    return () => {
      alive = false;
    };
  }, [mask]);
  return labels;
}
