import { OUTBOUND_ORDER, type Page } from '@kontor/contracts';
import type { Core } from '../../core.js';
import { type AuthContext } from '../../http/access.js';
import { stockTransaction } from '../inventory/index.js';
import { ResourceService } from '../resources/index.js';
import type { OutboundOrderService } from './outbound-order.service.js';
import type { OutboundRepo } from './outbound.repo.js';
import { OUTBOUND_RESOURCES, OUTBOUND_VIEWS, type OutboundView } from './outbound.resources.js';
import { TenantScope } from '../../db/tenant-scope.js';

const asList = (value: unknown): string[] => (value === undefined || value === '' ? [] : Array.isArray(value) ? value.map(String) : [String(value)]);

/**
 * The order lists of issue 7 §4 (keyset pages from the generic layer, with each view's fixed filter)
 * and the live count per status.
 */
export class OutboundListsService {
  private readonly services: Record<OutboundView, ResourceService>;

  constructor(
    private readonly core: Core,
    private readonly repo: OutboundRepo,
  ) {
    this.services = Object.fromEntries(Object.entries(OUTBOUND_RESOURCES).map(([view, def]) => [view, new ResourceService(core, def)])) as Record<
      OutboundView,
      ResourceService
    >;
  }

  /** The view's query: its carrier fixed, its statuses intersected with the ones asked for (null: nothing can match). */
  private viewQuery(view: OutboundView, query: Record<string, unknown>): Record<string, unknown> | null {
    const def = OUTBOUND_VIEWS[view];
    const out = { ...query };
    if (def.carrier) out.carrier = def.carrier;
    if (def.statuses) {
      const asked = asList(query.status);
      const allowed = asked.length ? asked.filter((s) => def.statuses!.includes(Number(s))) : def.statuses.map(String);
      if (allowed.length === 0) return null;
      out.status = allowed;
    }
    return out;
  }

  /** Folds the count deltas into one row per status (the routes do it about once a minute). */
  compactCounts(): Promise<void> {
    return this.repo.compactCounts(this.core.db);
  }

  list(auth: AuthContext, view: OutboundView, query: Record<string, unknown>): Promise<Page<Record<string, unknown>>> {
    return this.listScoped({ scope: TenantScope.of(auth), merchantUser: auth.merchantId !== null }, view, query);
  }

  /** A page for a session's scope fixed beforehand (an export job runs with the scope of its request). */
  async listScoped(who: { scope: TenantScope; merchantUser: boolean }, view: OutboundView, query: Record<string, unknown>) {
    const scoped = this.viewQuery(view, query);
    if (!scoped) return { total: 0, next: null, data: [] } as Page<Record<string, unknown>>;
    const page = await this.services[view].listScoped(who.scope, scoped);
    // A private remark is the warehouse's own: never shown to the merchant.
    if (who.merchantUser) page.data = page.data.map((row) => ({ ...row, privateRemark: '' }));
    return page;
  }

  /** The count per status of the whole view in the session's scope (exact, from the counts table). */
  async counts(auth: AuthContext, view: OutboundView) {
    const def = OUTBOUND_VIEWS[view];
    const scope = TenantScope.of(auth);
    const repo = this.repo;
    const counts = def.carrier
      ? await repo.countsOfCarrier(this.core.db, scope, def.carrier)
      : await repo.counts(this.core.db, scope, view === 'deleted', def.statuses);
    return { counts, total: Object.values(counts).reduce((sum, n) => sum + n, 0) };
  }
}

/**
 * Serves waiting (out of stock) orders whose items have free stock again, most urgent and oldest
 * first (issue 7 §3). Each order in its own transaction; an order another process is working on is
 * skipped this round. Answers how many became ready to pick.
 */
export async function reallocateWaiting(core: Pick<Core, 'db'>, orders: OutboundOrderService, limit = 100): Promise<number> {
  const ids = await orders.repo.waitingWithStock(core.db, limit);
  let served = 0;
  for (const id of ids) {
    await stockTransaction(core.db, async (trx) => {
      const order = await orders.repo.order(trx, id, TenantScope.all, { lock: true, skipLocked: true });
      if (!order || order.deleted || OUTBOUND_ORDER.stateOf(order.status) !== 'outOfStock') return;
      await orders.status.recompute(trx, { userId: null, merchantScope: TenantScope.all }, order, { action: 'reallocate' });
      if (OUTBOUND_ORDER.stateOf(order.status) === 'readyToPick') served += 1;
    });
  }
  return served;
}
