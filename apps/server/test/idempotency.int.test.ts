import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { afterCommit } from '../src/db/request-transaction.js';
import { AppError } from '../src/http/app-error.js';
import { ok } from '../src/http/reply.js';
import { checkStockInvariants } from '../src/modules/inventory/invariants.js';
import { StockService } from '../src/modules/inventory/stock.service.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { TenantScope } from '../src/db/tenant-scope.js';
import { orderBody } from './helpers/orders.js';

/**
 * Issue 15 item 6: every mutating call a client may retry takes `Idempotency-Key`, by one declaration
 * on the route (`config.idempotent`), and the key, the whole work and the answer commit together.
 */

/** Mutating routes that take no key, each with why a retry is safe without one or a key cannot apply. */
const NOT_KEYED: Record<string, string> = {
  'POST /v0/auth/login': 'public: no session a key could belong to; a retry signs in again',
  'POST /v0/auth/_ci': 'public and reads only',
  'POST /v0/auth/resetPassword': 'public: a retry mails another link, the newest one counts',
  'PUT /v0/auth/resetPassword': 'public: the link is single-use, a retry is refused',
  'POST /v0/oauth2/token': 'public: a retry issues another token',
  'POST /v0/carriers/webhooks/:carrier':
    'public: a carrier’s signed push, no session a key could belong to; each event is stored once by its key (carrier, number, event), so a repeated push stores and moves nothing',
  'PUT /v0/auth/chpasswd': 'changes the credentials of the session itself; a retry with the old password is refused',
  'PUT /v0/auth/__subId': "sets the session's sub-account: a retry sets the same value",
  'PUT /v0/auth/role': "sets the session's role: a retry sets the same value",
  'POST /v0/statics/upload/:kind': 'a multipart stream the key could not cover; a retry stores a second copy nothing refers to',
  // Carrier calls happen after the rows commit, which a keyed request transaction would hold back; each
  // parcel label has its own idempotency key instead (docs/carriers.md), so a repeat buys nothing twice.
  'POST /v0/carriers/orders/:id/labels': 'per-parcel label keys: a repeat reuses the bought labels',
  'POST /v0/carriers/queue/retry': 'per-parcel label keys: a repeat reuses the bought labels',
  'POST /v0/packing/orders/:id/label': 'per-parcel label keys: a repeat reuses the bought labels (and prints one more copy)',
  'POST /v0/packing/log/:id/reprint': 'a reprint: per-parcel label keys reuse the bought labels, a repeat prints one more copy',
  'POST /v0/outbound/tracking/poll': 'asks the carriers after each order commits; every event is stored once by its key, so a repeat stores nothing twice',
  'POST /v0/carriers/labels/:id/void': 'voiding a voided label succeeds at the carrier and here: a repeat changes nothing',
  'POST /v0/wms/manifests/close':
    'idempotent per account and day by itself: a repeat answers the same manifest (docs/manifests.md); the carrier call follows the committed manifest',
  'POST /v0/labels/barcodes': 'renders a PDF from the body and changes nothing: a retry renders it again',
  'POST /v0/labels/logistics': 'renders a PDF and changes nothing: a retry renders it again',
  'POST /v0/labels/items': 'renders a PDF of items and changes nothing: a retry renders it again',
  'POST /v0/labels/compartments': 'renders a PDF of compartments and changes nothing: a retry renders it again',
  'POST /v0/wms/pallets/handover/scan': 'finds a loading config by its code or plate and writes nothing (facts §2.6)',
  'POST /v0/compartments/range/preview': 'counts the compartments a range would make and writes nothing',
  'POST /v0/carriergate/users/:id/keys': 'makes an API key shown once: a stored answer would keep the secret; a retry makes a second key the user can revoke',
  // The gate API is signed in by an API key, not a session; it keys purchases itself (docs/carrier-gate.md).
  'POST /v0/gate/shipments': 'keyed by the carrier gate itself: Idempotency-Key is required per gate user, with per-parcel label keys',
  'POST /v0/gate/shipments/:id/void': 'voiding a voided shipment changes nothing: a repeat answers the same state',
  // A print is an instruction to a printer, not a record or a purchase: a repeat prints one more copy, as
  // pressing Print twice does, and the station's history shows both (docs/printing.md).
  'POST /v0/print': 'a repeat prints one more copy of a document already made; nothing is bought or booked',
  'POST /v0/print/history/:id/reprint': 'asks for one more copy by design; a repeat prints another',
  'POST /v0/print/history/:id/report': "sets the job's state to the state reported: the same report again changes nothing",
};
const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

let t: TestApp;
let admin: string;
let sideEffects = 0;
beforeAll(async () => {
  t = await createTestApp({
    routes: ({ app, core }) => {
      const stock = new StockService(core);
      const adjust = (req: { auth: { userId: number } | null }) =>
        stock.adjust(
          { userId: req.auth!.userId, merchantScope: TenantScope.all },
          { item: 'SKU-A', compartment: 'A-01-01', batch: '', status: 10, delta: 1, reasonCode: 'found', note: '' },
        );
      // A stock change from a route that forgot the declaration, and the same route declared.
      app.post('/v0/test/undeclared-adjust', { config: { access: 'user' } }, async (req) => ok(await adjust(req)));
      app.post('/v0/test/declared-adjust', { config: { access: 'user', idempotent: true } }, async (req) => ok(await adjust(req)));
      // Two service transactions in one keyed request: the first fails and is caught, the second commits; a notice after commit.
      app.post('/v0/test/nested', { config: { access: 'user', idempotent: true } }, async (req) => {
        const tag = String((req.body as { tag: string }).tag);
        await core.db
          .transaction()
          .execute(async (trx) => {
            await sql`insert into settings (key, value) values (${`${tag}:first`}, '1'::jsonb)`.execute(trx);
            throw new AppError('InvalidState');
          })
          .catch(() => undefined);
        await core.db.transaction().execute(async (trx) => {
          await sql`insert into settings (key, value) values (${`${tag}:second`}, '2'::jsonb)`.execute(trx);
        });
        const visible = await sql<{ key: string }>`select key from settings where key like ${`${tag}:%`} order by key`.execute(core.db);
        await afterCommit(async () => {
          sideEffects += 1;
        });
        return ok(visible.rows.map((r) => r.key));
      });
      // A service transaction the handler did not wait for: the request's commit waits for it.
      app.post('/v0/test/unawaited', { config: { access: 'user', idempotent: true } }, async (req) => {
        const tag = String((req.body as { tag: string }).tag);
        void core.db.transaction().execute(async (trx) => {
          await new Promise((resolve) => setTimeout(resolve, 50));
          await sql`insert into settings (key, value) values (${tag}, '1'::jsonb)`.execute(trx);
        });
        return ok(tag);
      });
    },
  });
  admin = await t.login('admin@demo.local');
});
afterAll(async () => {
  await t?.close();
});

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, key?: string, token = admin) =>
  t.call({ method, url, token, payload: payload as never, headers: key ? { 'idempotency-key': key } : {} }).then((r) => r.body);
const onHand = async (sku: string, compartment: string) => {
  const rows = (await call('GET', `/v0/stock/?sku=${sku}&l=100`)).data.data as Array<{ compartmentCode: string; status: number; quantity: number }>;
  return rows.filter((r) => r.compartmentCode === compartment && r.status === 10).reduce((sum, r) => sum + r.quantity, 0);
};
const ledgerRows = async () => Number((await sql<{ n: number }>`select count(*)::int as n from inventory_log`.execute(t.core.db)).rows[0]!.n);

describe('the route table', () => {
  it('declares Idempotency-Key on every mutating route, or says why not', () => {
    const routes = t.routeTable.filter((r) => MUTATING.has(r.method) && !r.url.startsWith('/v0/test/'));
    const unclassified = routes.filter((r) => !r.idempotent && !NOT_KEYED[`${r.method} ${r.url}`]).map((r) => `${r.method} ${r.url}`);
    expect(
      unclassified,
      'Declare config.idempotent on these routes (a client may retry them), or add them to NOT_KEYED with the reason a key cannot apply',
    ).toEqual([]);
    const stale = Object.keys(NOT_KEYED).filter((k) => !routes.some((r) => `${r.method} ${r.url}` === k));
    expect(stale, 'NOT_KEYED names routes that no longer exist').toEqual([]);
    // Every stock operation is among the declared ones.
    for (const route of ['POST /v0/inventory/adjust', 'POST /v0/inventory/move', 'POST /v0/inventory/reserve', 'POST /v0/stocktakes/:id/post'])
      expect(routes.find((r) => `${r.method} ${r.url}` === route)?.idempotent, route).toBe(true);
    expect(t.routeTable.find((r) => r.url === '/v0/p11yorders/outOfStock')?.idempotent).toBe(true);
  });

  it('refuses a stock change from a route that does not declare idempotent, and changes nothing', async () => {
    const before = await onHand('SKU-A', 'A-01-01');
    const undeclared = await call('POST', '/v0/test/undeclared-adjust', {});
    expect(undeclared.code).toBe('InternalError');
    expect(JSON.stringify(undeclared)).not.toMatch(/idempotent|stack/i);
    expect(await onHand('SKU-A', 'A-01-01')).toBe(before);
    expect((await call('POST', '/v0/test/declared-adjust', {})).code).toBe('OK');
    expect(await onHand('SKU-A', 'A-01-01')).toBe(before + 1);
  });
});

describe('a retried stock change', () => {
  const adjust = { item: 'SKU-A', compartment: 'A-01-02', delta: 3, reasonCode: 'found' };

  it('answers the first answer again and books once', async () => {
    const before = await onHand('SKU-A', 'A-01-02');
    const first = await call('POST', '/v0/inventory/adjust', adjust, 'adjust-1');
    expect(first.code).toBe('OK');
    const log = await ledgerRows();
    const again = await call('POST', '/v0/inventory/adjust', adjust, 'adjust-1');
    expect(again).toEqual(first);
    expect(await onHand('SKU-A', 'A-01-02')).toBe(before + 3);
    expect(await ledgerRows()).toBe(log);
    // The same key for another call is refused, in the user's language, and changes nothing.
    const reused = await t.call({
      method: 'POST',
      url: '/v0/inventory/adjust',
      token: admin,
      payload: { ...adjust, delta: 4 },
      headers: { 'idempotency-key': 'adjust-1', 'x-lang': 'de' },
    });
    expect(reused.body).toMatchObject({ code: 'IdempotencyKeyReused', error: { fields: [{ field: 'Idempotency-Key' }] } });
    expect(reused.body.data).toMatch(/Idempotenzschlüssel|Schlüssel/i);
    expect(await onHand('SKU-A', 'A-01-02')).toBe(before + 3);
  });

  it('books once when the same key arrives several times at once', async () => {
    const before = await onHand('SKU-A', 'A-01-02');
    const answers = await Promise.all([1, 2, 3].map(() => call('POST', '/v0/inventory/adjust', { ...adjust, delta: 2 }, 'adjust-twins')));
    expect(answers.map((a) => a.code)).toEqual(['OK', 'OK', 'OK']);
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(await onHand('SKU-A', 'A-01-02')).toBe(before + 2);
  });

  it('keeps no key for a failed attempt, so the corrected retry runs', async () => {
    const before = await onHand('SKU-A', 'A-01-02');
    const refused = await call('POST', '/v0/inventory/adjust', { ...adjust, delta: -1_000_000 }, 'adjust-fail');
    expect(refused.code).toBe('InsufficientStock');
    expect((await call('POST', '/v0/inventory/adjust', { ...adjust, delta: -1 }, 'adjust-fail')).code).toBe('OK');
    expect(await onHand('SKU-A', 'A-01-02')).toBe(before - 1);
  });

  it('approves a stocktake once however often the approval is sent', async () => {
    const compartment = (await call('GET', '/v0/compartment/any?q=A-01-03')).data;
    const item = (await call('GET', '/v0/item/any?q=SKU-A')).data.id;
    await call('POST', '/v0/inventory/adjust', { itemId: item, compartment: 'A-01-03', delta: 10, reasonCode: 'found' });
    const count = (await call('POST', '/v0/stocktakes/', { warehouseId: compartment.warehouseId, compartmentIds: [compartment.id] }, 'count-1')).data;
    expect((await call('POST', '/v0/stocktakes/', { warehouseId: compartment.warehouseId, compartmentIds: [compartment.id] }, 'count-1')).data.id).toBe(
      count.id,
    );
    await call('PUT', `/v0/stocktakes/${count.id}/lines`, { lines: [{ compartmentId: compartment.id, itemId: item, counted: 7 }] }, 'count-1-lines');
    const before = await onHand('SKU-A', 'A-01-03');
    const posted = await call('POST', `/v0/stocktakes/${count.id}/post`, undefined, 'count-1-post');
    expect(posted.data.status).toBe('posted');
    expect(await call('POST', `/v0/stocktakes/${count.id}/post`, undefined, 'count-1-post')).toEqual(posted);
    expect(await onHand('SKU-A', 'A-01-03')).toBe(before - 3);
  });

  it('creates one outbound order (and one reservation) however often the creation is sent', async () => {
    const body = orderBody({ lines: [{ sku: 'SKU-A', quantity: 1 }], refOrderId: 'IDEM-ORDER-1' });
    const merchantA = await t.login('merchant-a@demo.local');
    const first = await call('POST', '/v0/outbound/orders', body, 'order-1', merchantA);
    expect(first.code, JSON.stringify(first)).toBe('OK');
    expect(await call('POST', '/v0/outbound/orders', body, 'order-1', merchantA)).toEqual(first);
    const orders = await sql<{ n: number }>`select count(*)::int as n from outbound_orders where ref_order_id = 'IDEM-ORDER-1'`.execute(t.core.db);
    expect(orders.rows[0]!.n).toBe(1);
    expect(await checkStockInvariants(t.core.db)).toEqual([]);
  });
});

describe('one transaction for a keyed request', () => {
  it('rolls back a failed inner step that the handler caught, commits the rest, and runs after-commit work once', async () => {
    const first = await call('POST', '/v0/test/nested', { tag: 'nested-1' }, 'nested-1');
    expect(first).toEqual({ code: 'OK', data: ['nested-1:second'] });
    expect(sideEffects).toBe(1);
    expect(await call('POST', '/v0/test/nested', { tag: 'nested-1' }, 'nested-1')).toEqual(first);
    expect(sideEffects).toBe(1);
    const rows = await sql<{ key: string }>`select key from settings where key like 'nested-1:%'`.execute(t.core.db);
    expect(rows.rows.map((r) => r.key)).toEqual(['nested-1:second']);
    // Without a key the handler runs as before, every time.
    expect((await call('POST', '/v0/test/nested', { tag: 'nested-2' })).data).toEqual(['nested-2:second']);
    expect(sideEffects).toBe(2);
  });

  it('commits a service transaction the handler did not wait for with the request', async () => {
    expect((await call('POST', '/v0/test/unawaited', { tag: 'unawaited-1' }, 'unawaited-1')).data).toBe('unawaited-1');
    const rows = await sql<{ key: string }>`select key from settings where key = 'unawaited-1'`.execute(t.core.db);
    expect(rows.rows).toHaveLength(1);
  });

  it('runs a job enqueued by a keyed request outside that request, after it committed', async () => {
    const job = (await call('POST', '/v0/items/export', undefined, 'export-1')).data;
    expect((await call('POST', '/v0/items/export', undefined, 'export-1')).data.id).toBe(job.id);
    await t.core.jobs!.runner!.drain();
    expect((await call('GET', `/v0/jobs/${job.id}`)).data.status).toBe('done');
  });
});
