import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import type { DB } from './types.js';
import * as m0001 from '../../migrations/0001_platform.js';
import * as m0002 from '../../migrations/0002_settings.js';
import * as m0003 from '../../migrations/0003_oauth.js';
import * as m0004 from '../../migrations/0004_warehouse.js';
import * as m0005 from '../../migrations/0005_inventory.js';
import * as m0006 from '../../migrations/0006_builtin_grants.js';
import * as m0007 from '../../migrations/0007_reserve_function.js';
import * as m0008 from '../../migrations/0008_inbound.js';
import * as m0009 from '../../migrations/0009_returns.js';
import * as m0010 from '../../migrations/0010_outbound.js';
import * as m0011 from '../../migrations/0011_stocktake_units.js';
import * as m0012 from '../../migrations/0012_outbound_search.js';
import * as m0013 from '../../migrations/0013_receiving_expiry.js';
import * as m0014 from '../../migrations/0014_stocktake_approval.js';
import * as m0015 from '../../migrations/0015_available_is_reservable.js';
import * as m0016 from '../../migrations/0016_inventory_log_documents.js';
import * as m0017 from '../../migrations/0017_carriers.js';
import * as m0018 from '../../migrations/0018_sscc_counters.js';
import * as m0019 from '../../migrations/0019_print_jobs.js';
import * as m0021 from '../../migrations/0021_carrier_prices.js';
import * as m0022 from '../../migrations/0022_carrier_gate.js';
import * as m0023 from '../../migrations/0023_picking.js';
import * as m0024 from '../../migrations/0024_sku_qc_serials.js';
import * as m0025 from '../../migrations/0025_packing.js';
import * as m0026 from '../../migrations/0026_shipping_log.js';
import * as m0027 from '../../migrations/0027_pallets.js';
import * as m0030 from '../../migrations/0030_tracking.js';
import * as m0031 from '../../migrations/0031_pack_table_prepack.js';
import * as m0032 from '../../migrations/0032_merchant_packing_rules.js';
import * as m0035 from '../../migrations/0035_loading_log.js';
import * as m0034 from '../../migrations/0034_manifests.js';
import * as m0037 from '../../migrations/0037_track_alert_floor_indexes.js';
import * as m0038 from '../../migrations/0038_gate_track_alert.js';
import * as m0039 from '../../migrations/0039_gate_tracking.js';
import * as m0040 from '../../migrations/0040_gate_notices.js';

/**
 * One ordered list of migrations, bundled into the server (no file-system lookup at run time),
 * applied at start-up on both databases. A landed migration is never edited: add a new one.
 */
const MIGRATIONS: Record<string, Migration> = {
  '0001_platform': m0001,
  '0002_settings': m0002,
  '0003_oauth': m0003,
  '0004_warehouse': m0004,
  '0005_inventory': m0005,
  '0006_builtin_grants': m0006,
  '0007_reserve_function': m0007,
  '0008_inbound': m0008,
  '0009_returns': m0009,
  '0010_outbound': m0010,
  '0011_stocktake_units': m0011,
  '0012_outbound_search': m0012,
  '0013_receiving_expiry': m0013,
  '0014_stocktake_approval': m0014,
  '0015_available_is_reservable': m0015,
  '0016_inventory_log_documents': m0016,
  '0017_carriers': m0017,
  '0018_sscc_counters': m0018,
  '0019_print_jobs': m0019,
  '0021_carrier_prices': m0021,
  '0022_carrier_gate': m0022,
  '0023_picking': m0023,
  '0024_sku_qc_serials': m0024,
  '0025_packing': m0025,
  '0026_shipping_log': m0026,
  '0027_pallets': m0027,
  '0030_tracking': m0030,
  '0031_pack_table_prepack': m0031,
  '0032_merchant_packing_rules': m0032,
  '0035_loading_log': m0035,
  '0034_manifests': m0034,
  '0037_track_alert_floor_indexes': m0037,
  '0038_gate_track_alert': m0038,
  '0039_gate_tracking': m0039,
  '0040_gate_notices': m0040,
};

class StaticProvider implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    return MIGRATIONS;
  }
}

export async function migrateToLatest(db: Kysely<DB>): Promise<string[]> {
  const migrator = new Migrator({ db, provider: new StaticProvider() });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
