import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The layer rules (eslint/layers.mjs, issue 16 item 4) fire on a violation of each: the lines below are
 * linted as if they stood in the named file, with the project's own ESLint configuration.
 */
const root = fileURLToPath(new URL('../../..', import.meta.url));
let eslint: ESLint;
// The first lint loads the configuration and the TypeScript parser: done here, so that no case pays it
// against its own time limit on a busy machine.
beforeAll(async () => {
  eslint = new ESLint({ cwd: root });
  await eslint.lintText('export {};\n', { filePath: `${root}apps/server/src/x.ts` });
}, 120_000);

async function messages(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${root}${file}` });
  return result!.messages.filter((m) => m.ruleId?.startsWith('no-restricted')).map((m) => m.message);
}

describe('layer rules', () => {
  it('keep repositories out of route files', async () => {
    const code = "import { StockRepo } from './stock.repo.js';\nexport const r = StockRepo;\n";
    expect(await messages('apps/server/src/modules/inventory/x.routes.ts', code)).toEqual([expect.stringContaining('A route file calls a service or flow')]);
    expect(await messages('apps/server/src/modules/inventory/x.service.ts', code)).toEqual([]);
  });

  it('let a module use another only through its front door', async () => {
    expect(await messages('apps/server/src/modules/inbound/x.service.ts', "export { StockRepo } from '../inventory/stock.repo.js';\n")).toEqual([
      expect.stringContaining('front door'),
    ]);
    expect(await messages('apps/server/src/modules/inbound/x.service.ts', "export { inventory } from '../inventory/index.js';\n")).toEqual([]);
    expect(await messages('apps/server/src/flows/x.flow.ts', "export { ReturnsRepo } from '../modules/returns/returns.repo.js';\n")).toEqual([
      expect.stringContaining('front doors'),
    ]);
    expect(await messages('apps/server/src/seed/seed-x.ts', "export { OutboundRepo } from '../modules/outbound/outbound.repo.js';\n")).toEqual([
      expect.stringContaining('front doors'),
    ]);
    expect(await messages('apps/server/src/seed/seed-x.ts', "export { orderWriter } from '../modules/outbound/index.js';\n")).toEqual([]);
  });

  it("keep a module's repositories behind its front door", async () => {
    const door = 'apps/server/src/modules/outbound/index.ts';
    expect(await messages(door, "export { labelOrderRepo, type LabelOrderRow } from './label-order.repo.js';\n")).toEqual([
      expect.stringContaining('front door exports services'),
    ]);
    expect(await messages(door, "export * from './label-order.repo.js';\n")).toEqual([expect.stringContaining('front door exports services')]);
    expect(await messages(door, "export { reserveSql } from './reserve.sql.js';\n")).toEqual([expect.stringContaining('front door exports services')]);
    expect(await messages(door, "export type { LabelOrderRow } from './label-order.repo.js';\n")).toEqual([]);
    expect(await messages(door, "export { type LabelOrderRow } from './label-order.repo.js';\n")).toEqual([]);
    expect(await messages(door, "export { labelOrders } from './order-ports.service.js';\n")).toEqual([]);
    expect(await messages(door, "export const q = (db: any) => db.selectFrom('stock').selectAll().execute();\n")).toEqual([
      expect.stringContaining('SQL lives in a repository'),
    ]);
  });

  it('keep http/ free of modules', async () => {
    expect(await messages('apps/server/src/http/x.ts', "export { StockRepo } from '../modules/inventory/index.js';\n")).toEqual([
      expect.stringContaining('imports none'),
    ]);
  });

  it('keep the seed on the front doors: no repository, no query builder, no sql', async () => {
    const seed = 'apps/server/src/seed/seed-x.ts';
    expect(await messages(seed, "export const q = (db: any) => db.insertInto('items').values({}).execute();\n")).toEqual([
      expect.stringContaining('SQL lives in a repository'),
    ]);
    expect(await messages(seed, "import { sql } from 'kysely';\nexport const q = sql`select 1`;\n")).toEqual([
      expect.stringContaining('no repository, no SQL'),
      expect.stringContaining('SQL lives in a repository'),
    ]);
    expect(await messages(seed, "export { generateOrders } from '../db/generate-orders.js';\n")).toEqual([expect.stringContaining('no repository, no SQL')]);
    expect(await messages(seed, "export { auditRepo } from '../lib/audit.repo.js';\n")).toEqual([expect.stringContaining('no repository, no SQL')]);
    expect(
      await messages(
        seed,
        "import type { Kysely } from 'kysely';\nimport { TenantScope } from '../db/tenant-scope.js';\nexport type K = Kysely<typeof TenantScope>;\n",
      ),
    ).toEqual([]);
  });

  it('keep SQL in repositories', async () => {
    const query = "export const q = (db: any) => db.selectFrom('stock').selectAll().execute();\n";
    const raw = "import { sql } from 'kysely';\nexport const q = (db: any) => sql`select 1`.execute(db);\n";
    for (const code of [query, raw])
      expect(await messages('apps/server/src/modules/inventory/x.service.ts', code)).toEqual([expect.stringContaining('SQL lives in a repository')]);
    for (const file of ['apps/server/src/modules/inventory/x.repo.ts', 'apps/server/src/modules/inventory/x.sql.ts', 'apps/server/src/db/x.ts'])
      expect(await messages(file, query + raw.split('\n')[1])).toEqual([]);
  });

  it('compare states through the machines, not status numbers', async () => {
    expect(
      await messages('apps/server/src/modules/outbound/x.service.ts', 'export const shipped = (order: { status: number }) => order.status >= 99;\n'),
    ).toEqual([expect.stringContaining('status machine')]);
    expect(await messages('apps/server/src/modules/outbound/x.repo.ts', 'export const waiting = (o: { status: number }) => o.status === 8;\n')).toEqual([
      expect.stringContaining('status machine'),
    ]);
    expect(await messages('apps/server/src/modules/oauth/x.routes.ts', 'export const basic = (err: { status: number }) => err.status === 401;\n')).toEqual([]);
  });

  it('apply tenant scope through db/tenant-scope.ts, never a hand-written merchant_id filter', async () => {
    const builder = "export const q = (db: any, scope: number) => db.selectFrom('stock').selectAll().where('merchant_id', '=', scope).execute();\n";
    const aliased = "export const q = (db: any, scope: number) => db.selectFrom('stock as s').selectAll().where('s.merchant_id', '=', scope).execute();\n";
    const raw =
      "import { sql } from 'kysely';\nexport const q = (db: any, scope: number) => sql`select id from returns r where r.merchant_id = ${scope}`.execute(db);\n";
    const compared = 'export const mine = (row: { merchantId: number }, scope: number) => row.merchantId === scope;\n';
    const subSelect =
      "import { sql } from 'kysely';\nexport const q = (db: any, id: number) => sql`select id from files f where f.merchant_id = (select merchant_id from users where id = ${id})`.execute(db);\n";
    const converted = 'export const mine = (row: { merchantId: string }, merchantId: number) => Number(row.merchantId) === merchantId;\n';
    for (const code of [builder, aliased, raw, compared, subSelect, converted])
      expect(await messages('apps/server/src/modules/inventory/x.repo.ts', code)).toEqual([expect.stringContaining('tenant scope through db/tenant-scope.ts')]);
    const mechanism =
      "import { tenantSql, whereTenant, type TenantScope } from '../../db/tenant-scope.js';\nimport { sql } from 'kysely';\n" +
      "export const a = (db: any, scope: TenantScope) => db.selectFrom('stock').selectAll().$call(whereTenant(scope)).execute();\n" +
      "export const b = (db: any, scope: TenantScope) => sql`select id from returns r where ${tenantSql(scope, 'r.merchant_id')}`.execute(db);\n" +
      "export const c = (db: any, id: number) => db.updateTable('returns').set({ merchant_id: id }).where('merchant_id', 'is', null).execute();\n";
    expect(await messages('apps/server/src/modules/inventory/x.repo.ts', mechanism)).toEqual([]);
  });

  it("keep a web page out of another page's folder", async () => {
    expect(await messages('apps/web/src/pages/returns/X.tsx', "export { StateTag } from '../inbound/StateTag.js';\n")).toEqual([
      expect.stringContaining("another page's folder"),
    ]);
    expect(await messages('apps/web/src/pages/returns/X.tsx', "export { DocNo } from '../../components/DocNo.js';\n")).toEqual([]);
  });
});
