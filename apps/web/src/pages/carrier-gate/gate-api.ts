import type { Page } from '@kontor/contracts';
import type { GateUserInput, GateUserPatch } from '@kontor/contracts/domains/carrier-gate';
import type { GateBill, GateBillDetail, GateKey, GateShipment, GateUser } from '@kontor/contracts/domains/carrier-gate-responses';
import { download } from '../../api/download.js';
import { newKey } from '../../api/idempotency-key.js';
import { request } from '../../api/request.js';

// The answers' types come from the contracts' response schemas.
export type { GateBill, GateBillDetail, GateKey, GateShipment, GateUser } from '@kontor/contracts/domains/carrier-gate-responses';

/** The carrier gate's console calls (docs/carrier-gate.md). */
export const gateApi = {
  users: (params: Record<string, unknown>, signal?: AbortSignal) => request<Page<GateUser>>({ url: '/v0/carriergate/users', params, signal }),
  createUser: (data: GateUserInput) => request<GateUser>({ url: '/v0/carriergate/users', method: 'POST', data, quiet: true, idempotencyKey: newKey() }),
  updateUser: (id: number, data: GateUserPatch) =>
    request<GateUser>({ url: `/v0/carriergate/users/${id}`, method: 'PUT', data, quiet: true, idempotencyKey: newKey() }),
  keys: (gateUserId: number) => request<GateKey[]>({ url: `/v0/carriergate/users/${gateUserId}/keys` }),
  createKey: (gateUserId: number, name: string) =>
    request<GateKey & { key: string }>({ url: `/v0/carriergate/users/${gateUserId}/keys`, method: 'POST', data: { name } }),
  revokeKey: (keyId: number) => request<GateKey>({ url: `/v0/carriergate/keys/${keyId}/revoke`, method: 'POST', data: {}, idempotencyKey: newKey() }),
  shipments: (gateUserId: number) => request<GateShipment[]>({ url: '/v0/carriergate/shipments', params: { gateUserId, l: 20 } }),
  voidShipment: (id: number) => request<GateShipment>({ url: `/v0/carriergate/shipments/${id}/void`, method: 'POST', data: {}, idempotencyKey: newKey() }),
  shipmentLabel: (id: number) => download({ url: `/v0/carriergate/shipments/${id}/label.pdf` }, `gate-${id}.pdf`),
  bills: (params: Record<string, unknown>, signal?: AbortSignal) => request<Page<GateBill>>({ url: '/v0/carriergate/bills', params, signal }),
  bill: (id: number) => request<GateBillDetail>({ url: `/v0/carriergate/bills/${id}` }),
  build: (period: string) => request<GateBill[]>({ url: '/v0/carriergate/bills/build', method: 'POST', data: { period }, idempotencyKey: newKey() }),
  issue: (id: number) => request<GateBill>({ url: `/v0/carriergate/bills/${id}/issue`, method: 'POST', data: {}, idempotencyKey: newKey() }),
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
