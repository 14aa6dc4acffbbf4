import type { Core } from '../../core.js';
import { type AuthContext } from '../../http/access.js';
import { toCsv } from '../../lib/csv.js';
import { registerJobHandler } from '../jobs/index.js';
import { allFields, type ResourceDef } from './define.js';
import { parseFilters, parseSort } from './list-query.js';
import { ResourceService } from './resource.service.js';
import { TenantScope } from '../../db/tenant-scope.js';

export const EXPORT_JOB = 'resource.export';
const BATCH = 1000;

const cell = (value: unknown) =>
  value === null || value === undefined ? '' : value instanceof Date ? value.toISOString() : typeof value === 'object' ? JSON.stringify(value) : value;

/**
 * Export of a list's current filter (issue 4 §3) as a background job: the filter is checked when the
 * export is asked for, so a bad one is refused at once; the job then pages through with the scope of
 * that request and answers a CSV file with progress on the way.
 */
export function registerResourceExport(core: Core, services: Map<string, ResourceService>): void {
  registerJobHandler(EXPORT_JOB, async ({ payload, progress, signal }) => {
    const service = services.get(String(payload.resource));
    if (!service) throw new Error(`unknown resource ${String(payload.resource)}`);
    const query = payload.query as Record<string, unknown>;
    const scope = TenantScope.restore((payload.merchantScope as number | null) ?? null);
    const ids = Object.keys(allFields(service.def));
    const rows: unknown[][] = [];
    let o: string | undefined;
    let total = 0;
    do {
      const page = await service.listScoped(scope, { ...query, l: BATCH, o });
      total = page.total;
      for (const row of page.data) rows.push(ids.map((id) => cell(row[id])));
      o = page.next ?? undefined;
      await progress(rows.length, Math.max(total, rows.length));
    } while (o && !signal.aborted);
    return {
      result: { rows: rows.length },
      file: { name: `${service.def.name}-${new Date().toISOString().slice(0, 10)}.csv`, mime: 'text/csv; charset=utf-8', data: toCsv(ids, rows) },
    };
  });
}

export async function enqueueExport(core: Core, def: ResourceDef, auth: AuthContext, query: Record<string, unknown>) {
  const { l: _l, o: _o, x_token: _t, ...rest } = query;
  parseSort(def, rest.s as string | undefined, rest.d as string | undefined);
  parseFilters(def, rest);
  return core.jobs!.enqueue(
    EXPORT_JOB,
    { resource: def.name, query: rest, merchantScope: TenantScope.of(auth).merchantId },
    { userId: auth.userId, merchantId: auth.merchantId },
  );
}
