import type { Kysely } from 'kysely';
import type { DB } from '../db/types.js';
import { records } from '../modules/resources/index.js';
import type { DemoIds } from './seed.js';

/**
 * The demo packing station's printers (issue 17 item 7, docs/printing.md): labels on the thermal
 * printer, A4 on the laser, both reached through the station PC's print agent (agent URL empty: the
 * station page's default, http://localhost:9100). Printer names are the CUPS queue names.
 */
export async function seedPrinters(db: Kysely<DB>, ids: DemoIds): Promise<void> {
  await records.create(db, 'printer', {
    name: 'Station 1 labels',
    kind: 'thermal',
    printerName: 'Zebra_GK420d',
    stationUserId: ids.stationId,
    documentKinds: ['shippingLabel', 'boxLabel', 'palletLabel', 'itemLabel'],
  });
  await records.create(db, 'printer', {
    name: 'Station 1 laser',
    kind: 'a4',
    printerName: 'Laser_A4',
    stationUserId: ids.stationId,
    documentKinds: ['deliveryNote', 'picklist', 'invoice'],
  });
}
