// `npm run explain:home -- --database-url postgres://… [--merchant-id 1] [--analyze]`
// Prints the plans of the home floor's queries (`GET /v0/home/floor`, modules/home) on a database,
// for warehouse staff (every merchant) and for one merchant, as the service runs them: each statement
// the service sends is caught, then explained (with ANALYZE and BUFFERS when --analyze is given).
// Fill the database first with `npm run generate:orders -- --count 1000000 --database-url …`;
// docs/shipping.md "The floor on the home page" records a run. A sequential scan of outbound_orders
// or outbound_lines is reported at the end, and makes the script exit non-zero.
import { CompiledQuery, type KyselyPlugin, type RootOperationNode } from 'kysely';
import { parseArgs } from 'node:util';
import { openDatabase } from '../apps/server/src/db/database.js';
import type { AuthContext } from '../apps/server/src/http/access.js';
import { homeServices } from '../apps/server/src/modules/home/index.js';

const { values } = parseArgs({
  options: { 'database-url': { type: 'string' }, 'merchant-id': { type: 'string', default: '1' }, analyze: { type: 'boolean', default: false } },
});
const url = values['database-url'] ?? process.env.DATABASE_URL;
if (!url) throw new Error('--database-url (or DATABASE_URL): the PostgreSQL database to explain on');
const database = await openDatabase({ url, poolSize: 2 });

const caught: RootOperationNode[] = [];
const catcher: KyselyPlugin = {
  transformQuery: ({ node }) => {
    caught.push(node);
    return node;
  },
  transformResult: async ({ result }) => result,
};
const db = database.db.withPlugin(catcher);
const auth = (merchantId: number | null): AuthContext =>
  ({
    userId: 0,
    account: 'explain',
    name: 'explain',
    type: merchantId ? 10 : 120,
    merchantId,
    subMerchantId: null,
    roles: [],
    privileges: new Set(),
    isAdmin: false,
  }) as unknown as AuthContext;

const seqScans: string[] = [];
for (const [who, merchantId] of [
  ['warehouse staff (all merchants)', null],
  [`merchant ${values['merchant-id']}`, Number(values['merchant-id'])],
] as const) {
  caught.length = 0;
  const started = performance.now();
  await homeServices({ db } as never).home.floor(auth(merchantId));
  console.log(`\n=== ${who}: GET /v0/home/floor in ${(performance.now() - started).toFixed(1)} ms (${caught.length} statements, run in parallel)`);
  for (const node of [...caught]) {
    const query = database.db.getExecutor().compileQuery(node, { queryKey: 'explain' } as never);
    const options = values.analyze ? 'analyze, buffers, ' : '';
    const plan = await database.db.executeQuery<{ 'QUERY PLAN': string }>(
      CompiledQuery.raw(`explain (${options}costs off) ${query.sql}`, [...query.parameters]),
    );
    const text = plan.rows.map((r) => r['QUERY PLAN']).join('\n');
    console.log(`\n-- ${query.sql.replace(/\s+/g, ' ').slice(0, 160)}…\n${text}`);
    for (const m of text.matchAll(/Seq Scan on (outbound_orders|outbound_lines)\b/g)) seqScans.push(`${who}: ${m[0]}`);
  }
}
console.log(seqScans.length === 0 ? '\nNo sequential scan of outbound_orders or outbound_lines.' : `\nSequential scans:\n${seqScans.join('\n')}`);
await database.close();
process.exitCode = seqScans.length === 0 ? 0 : 1;
