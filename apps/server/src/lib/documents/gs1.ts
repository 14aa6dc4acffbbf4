/**
 * GS1 check digits: the mod-10 of GTIN, EAN-13 and SSCC (weights 3 and 1 alternating from the right),
 * also used for the sandbox carrier's tracking numbers.
 */

/** The GS1 mod-10 check digit of a string of digits (without the check digit). */
export function mod10CheckDigit(digits: string): number {
  if (!/^\d+$/.test(digits)) throw new RangeError('mod10CheckDigit takes digits only');
  let sum = 0;
  for (let i = digits.length - 1, weight = 3; i >= 0; i--, weight = weight === 3 ? 1 : 3) sum += Number(digits[i]) * weight;
  return (10 - (sum % 10)) % 10;
}

/** Whether the last digit of `digits` is the GS1 check digit of the rest. */
export const hasValidCheckDigit = (digits: string): boolean => /^\d{2,}$/.test(digits) && mod10CheckDigit(digits.slice(0, -1)) === Number(digits.slice(-1));
