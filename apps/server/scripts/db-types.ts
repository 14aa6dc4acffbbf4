// `npm run db:types`: migrates a fresh in-memory embedded database and writes the Kysely types of its
// schema to src/db/schema.generated.ts. Run it after adding or changing a migration.
import { writeFileSync } from 'node:fs';
import { openDatabase } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { OUTPUT_PATH, renderDbTypes } from './db-types/generate.js';

const database = await openDatabase({});
try {
  await migrateToLatest(database.db);
  writeFileSync(OUTPUT_PATH, await renderDbTypes(database.db));
  console.log(`Wrote ${OUTPUT_PATH}`);
} finally {
  await database.close();
}
