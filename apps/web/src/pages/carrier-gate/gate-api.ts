import type { GateUserInput, GateUserPatch } from '@kontor/contracts/domains/carrier-gate';
import { download } from '../../api/download.js';
import { newKey } from '../../api/idempotency-key.js';
import { api } from '../../api/request.js';

// The answers' types come from the contracts' response schemas.
export type { GateBill, GateBillDetail, GateKey, GateShipment, GateUser } from '@kontor/contracts/domains/carrier-gate-responses';

/** The carrier gate's console calls (docs/carrier-gate.md). */
export const gateApi = {
  users: (params: Record<string, unknown>, signal?: AbortSignal) => api('GET /v0/carriergate/users', { params, signal }),
  createUser: (data: GateUserInput) => api('POST /v0/carriergate/users', { data, quiet: true, idempotencyKey: newKey() }),
  updateUser: (id: number, data: GateUserPatch) => api('PUT /v0/carriergate/users/:id', { path: { id }, data, quiet: true, idempotencyKey: newKey() }),
  keys: (gateUserId: number) => api('GET /v0/carriergate/users/:id/keys', { path: { id: gateUserId } }),
  createKey: (gateUserId: number, name: string) => api('POST /v0/carriergate/users/:id/keys', { path: { id: gateUserId }, data: { name } }),
  revokeKey: (keyId: number) => api('POST /v0/carriergate/keys/:id/revoke', { path: { id: keyId }, data: {}, idempotencyKey: newKey() }),
  shipments: (gateUserId: number) => api('GET /v0/carriergate/shipments', { params: { gateUserId, l: 20 } }),
  voidShipment: (id: number) => api('POST /v0/carriergate/shipments/:id/void', { path: { id }, data: {}, idempotencyKey: newKey() }),
  shipmentLabel: (id: number) => download({ url: `/v0/carriergate/shipments/${id}/label.pdf` }, `gate-${id}.pdf`),
  bills: (params: Record<string, unknown>, signal?: AbortSignal) => api('GET /v0/carriergate/bills', { params, signal }),
  bill: (id: number) => api('GET /v0/carriergate/bills/:id', { path: { id } }),
  build: (period: string) => api('POST /v0/carriergate/bills/build', { data: { period }, idempotencyKey: newKey() }),
  issue: (id: number) => api('POST /v0/carriergate/bills/:id/issue', { path: { id }, data: {}, idempotencyKey: newKey() }),
  csv: (id: number) => download({ url: `/v0/carriergate/bills/${id}/bill.csv` }, `bill-${id}.csv`),
  pdf: (id: number) => download({ url: `/v0/carriergate/bills/${id}/bill.pdf` }, `bill-${id}.pdf`),
};

/** Cents as the decimal the money formatter takes. */
export const fromCents = (amount: number) => amount / 100;

/** The month before this one in the warehouse's time zone, `YYYY-MM` (the default of the monthly build). */
export function lastMonth(now = new Date()): string {
  const [year, month] = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin', year: 'numeric', month: '2-digit' })
    .format(now)
    .split('-')
    .map(Number) as [number, number];
  return month === 1 ? `${year - 1}-12` : `${year}-${String(month - 1).padStart(2, '0')}`;
}
