import type { z } from 'zod';
import type { outboundOrderCreateSchema } from '../src/domains/outbound.js';

type OrderInput = z.input<typeof outboundOrderCreateSchema>;

/** The consignee of the tests' orders unless a test names its own: Erika Muster in Berlin. */
export const TEST_CONSIGNEE = {
  name1: 'Erika Muster',
  streetName: 'Hauptstraße',
  streetNumber: '5',
  zip: '10115',
  city: 'Berlin',
  country: 'DE',
} satisfies OrderInput['consignee'];

/** A B2C DHL parcel of one unit, 0.5 kg, picked up on 2026-12-01, to the test consignee; no lines. */
const TEST_ORDER = {
  typeOfTask: 'B2C',
  modeOfTransport: 'parcel',
  pickupDate: '2026-12-01',
  unitQty: 1,
  weight: 0.5,
  carrier: 'DHL',
  consignee: TEST_CONSIGNEE,
} satisfies Omit<OrderInput, 'lines'>;

/**
 * The body of `POST /v0/outbound/orders` the API and browser tests send, one place to follow a change of
 * the order contract. `fields` set or replace any field as a whole (a `consignee` given replaces the test
 * consignee); fields outside the contract may be given, for tests of a refusal.
 */
export function testOrderBody(fields: Record<string, unknown> = {}): Record<string, unknown> {
  return { ...TEST_ORDER, ...fields };
}
