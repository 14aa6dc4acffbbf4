/**
 * SSCC-18, the Serial Shipping Container Code of GS1 (AI 00) that names one box or pallet: an extension
 * digit, the GS1 company prefix, a serial reference and the mod-10 check digit, 18 digits in all. The
 * serial comes from the database counter (`sscc_counters`, one per extension digit and prefix), so no
 * two labels share a number.
 */
import { mod10CheckDigit } from './gs1.js';

/** Extension digits Kontor uses: boxes (cartons) and pallets get separate runs of serials. */
export const SSCC_EXTENSION = { box: 0, pallet: 3 } as const;

/** The counter's key: extension digit and company prefix (the first 1 + prefix digits of the SSCC). */
export const ssccCounterPrefix = (extension: number, companyPrefix: string): string => `${extension}${companyPrefix}`;

/** The largest serial reference that fits beside a company prefix of this length. */
export const ssccSerialCapacity = (companyPrefix: string): number => 10 ** (16 - companyPrefix.length) - 1;

/** The SSCC of `serial` (1-based): 17 digits plus the check digit. */
export function buildSscc(extension: number, companyPrefix: string, serial: number): string {
  if (!Number.isInteger(extension) || extension < 0 || extension > 9) throw new RangeError('SSCC extension digit is 0–9');
  if (!/^\d{7,10}$/.test(companyPrefix)) throw new RangeError('GS1 company prefix has 7 to 10 digits');
  if (!Number.isSafeInteger(serial) || serial < 0 || serial > ssccSerialCapacity(companyPrefix)) throw new RangeError('SSCC serial out of range');
  const body = `${extension}${companyPrefix}${String(serial).padStart(16 - companyPrefix.length, '0')}`;
  return `${body}${mod10CheckDigit(body)}`;
}

export const isValidSscc = (value: string): boolean => /^\d{18}$/.test(value) && mod10CheckDigit(value.slice(0, 17)) === Number(value[17]);

/** The GS1-128 element string bwip-js encodes: `(00)` and the 18 digits. */
export const ssccElementString = (sscc: string): string => `(00)${sscc}`;

/** The human-readable form under the barcode: `(00) 3 4012345 000000001 7`. */
export function formatSscc(sscc: string, companyPrefixLength = 7): string {
  const p = 1 + companyPrefixLength;
  return `(00) ${sscc.slice(0, 1)} ${sscc.slice(1, p)} ${sscc.slice(p, 17)} ${sscc.slice(17)}`;
}
