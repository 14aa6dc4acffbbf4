import type { Kysely } from 'kysely';
import type { DB } from '../db/types.js';
import { carrierSetup } from '../modules/carriers/index.js';

/** The demo warehouse's address, printed as the shipper of the demo's labels. */
const SHIPPER = { name1: 'Kontor Fulfilment Hamburg', street: 'Lagerstraße', streetNumber: '1', zip: '20457', city: 'Hamburg', country: 'DE' };

/**
 * The default carrier set-up of `npm start` and the demo (issue 17 item 1): one sandbox account (offline,
 * valid-looking labels, no credentials) serving every order, whatever its carrier text says, with the
 * sandbox driver's first product for the destination. Real accounts are added under settings and win
 * by their rules. Its tracking takes a step a minute (`stepMinutes`), so a demo parcel reaches delivered
 * within a few of the demo's tracking polls (config.ts: every minute with DEMO_DATA).
 */
export async function seedCarriers(db: Kysely<DB>): Promise<void> {
  const accountId = await carrierSetup.createAccount(db, {
    name: 'Sandbox',
    carrier: 'sandbox',
    endpoint: '',
    options: { stepMinutes: '1' },
    shipper: SHIPPER,
  });
  for (const orderCarrier of ['', 'DHL', 'DPD', 'UPS', 'GLS', 'FEDEX'])
    await carrierSetup.createRule(db, { orderCarrier, accountId, product: '', services: [], priority: -100 });
}
