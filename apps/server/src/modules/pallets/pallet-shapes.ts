import type { PalletTracking } from '@kontor/contracts/domains/pallets-responses';
import { stripControl, type ResolveStatus } from '@kontor/contracts/domains/pallets';
import type { PalletRecord, TrackingRecord } from './pallets.repo.js';

/** The original's pallet object (facts §2.6) with the console's state and handover facts. */
export function palletObject(row: PalletRecord) {
  return {
    id: Number(row.id),
    guid: row.guid,
    palletCode: row.pallet_code,
    pickupCarrier: row.pickup_carrier,
    unitStr: row.unit_str === 'Box' ? 'Box' : 'Pallet',
    plateNumber2: row.plate_number2,
    pickupDate: row.pickup_day,
    importantNote: row.important_note,
    trackingCount: row.tracking_count,
    state: row.state === 'closed' ? 'closed' : 'open',
    closedAt: row.closed_at,
    signedFiles: Array.isArray(row.signed_files) ? (row.signed_files as Array<{ id: string; name: string }>) : [],
    createdAt: row.created_at,
  };
}

/** A tracking row as the original answers it: `meta` is JSON inside a string (facts §1.4, §2.6). */
export function trackingObject(row: TrackingRecord): PalletTracking {
  return {
    id: Number(row.id),
    palletCode: row.pallet_code,
    trackingNo: row.tracking_no,
    outboundUNID: row.outbound_unid,
    carrier: row.carrier,
    meta: JSON.stringify({ resolveStatus: row.resolve_status as ResolveStatus, resolveError: row.resolve_error, rawScan: row.raw_scan }),
  };
}

/** Upper case without spaces: the key a plate number is matched by ("B-AB 1234" = "b-ab1234"). */
export const plateKeyOf = (plate: string) => plate.replace(/\s+/g, '').toUpperCase();

/** A tracking number as stored: control characters stripped, trimmed, upper case. */
export const normaliseTracking = (value: string) => stripControl(value).trim().toUpperCase();
