import type { Kysely } from 'kysely';
import type { DB } from '../db/types.js';

/**
 * The demo packing station's printers (issue 17 item 7, docs/printing.md): labels on the thermal
 * printer, A4 on the laser, both reached through the station PC's print agent (agent URL empty: the
 * station page's default, http://localhost:9100). Printer names are the CUPS queue names.
 */
export async function seedPrinters(db: Kysely<DB>): Promise<void> {
  const station = await db.selectFrom('users').select('id').where('account', '=', 'station@demo.local').executeTakeFirst();
  if (!station) return;
  await db
    .insertInto('printers')
    .values([
      {
        name: 'Station 1 labels',
        kind: 'thermal',
        printer_name: 'Zebra_GK420d',
        station_user_id: station.id,
        document_kinds: JSON.stringify(['shippingLabel', 'boxLabel', 'palletLabel', 'itemLabel']),
      },
      {
        name: 'Station 1 laser',
        kind: 'a4',
        printer_name: 'Laser_A4',
        station_user_id: station.id,
        document_kinds: JSON.stringify(['deliveryNote', 'picklist', 'invoice']),
      },
    ])
    .execute();
}
