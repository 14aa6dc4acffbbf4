/**
 * Numeric user types (spec §3 `type`, §6): staff are above 100 and see the unfinished-tasks counter.
 * External users (merchants, carrier gate) are below 100 and are bound to a tenant where it applies.
 */
export const USER_TYPES = {
  merchant: 10,
  carrier: 20,
  employee: 110,
  warehouse: 120,
  station: 130,
  admin: 190,
} as const;

export type UserTypeName = keyof typeof USER_TYPES;

export function isStaffType(type: number): boolean {
  return type > 100;
}

/** Demo accounts seeded on first start (all with the demo password). */
export const DEMO_PASSWORD = 'demo1234';
export const DEMO_ACCOUNTS = [
  { account: 'admin@demo.local', role: 'admin' },
  { account: 'staff@demo.local', role: 'employee' },
  { account: 'warehouse@demo.local', role: 'warehouse' },
  { account: 'station@demo.local', role: 'station' },
  { account: 'merchant-a@demo.local', role: 'merchant' },
  { account: 'merchant-b@demo.local', role: 'merchant' },
  { account: 'carrier@demo.local', role: 'carrier' },
] as const;
