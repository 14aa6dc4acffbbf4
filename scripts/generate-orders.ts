// `npm run generate:orders -- --count 1000000 [--database-url postgres://…] [--merchants 20] [--items 50]`
// Fills a database with realistic outbound orders in bulk (apps/server/src/db/generate-orders.ts).
// Without --database-url (or DATABASE_URL) it writes to the embedded database in DATA_DIR (default data).
import { parseArgs } from 'node:util';
import { openDatabase } from '../apps/server/src/db/database.js';
import { migrateToLatest } from '../apps/server/src/db/migrate.js';
import { generateOrders } from '../apps/server/src/db/generate-orders.js';
import { seedRoles } from '../apps/server/src/seed/seed.js';

const { values } = parseArgs({
  options: {
    count: { type: 'string', default: '100000' },
    'database-url': { type: 'string' },
    'data-dir': { type: 'string' },
    merchants: { type: 'string', default: '20' },
    items: { type: 'string', default: '50' },
  },
});
const count = Number(values.count);
if (!Number.isInteger(count) || count < 1) throw new Error('--count: a positive whole number');
const url = values['database-url'] ?? process.env.DATABASE_URL;
const database = await openDatabase(url ? { url, poolSize: 2 } : { dataDir: values['data-dir'] ?? process.env.DATA_DIR ?? 'data' });
await migrateToLatest(database.db);
await seedRoles(database.db);
let last = 0;
const ms = await generateOrders(database.db, {
  count,
  merchants: Number(values.merchants),
  itemsPerMerchant: Number(values.items),
  onProgress: (done, total) => {
    if (done - last >= total / 20 || done === total) console.log(`  ${done.toLocaleString('en-US')} / ${total.toLocaleString('en-US')} orders`);
    last = done;
  },
});
console.log(
  `${count.toLocaleString('en-US')} orders generated in ${(ms / 1000).toFixed(1)} s (${database.kind === 'postgres' ? 'PostgreSQL' : 'embedded database'})`,
);
await database.close();
