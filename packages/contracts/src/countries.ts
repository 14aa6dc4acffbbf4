/**
 * Countries and address checks of outbound orders (issue 7 §1). A country must be a known ISO 3166-1
 * alpha-2 code (an unknown one is refused); the other parts are checked per country and a problem is
 * flagged (the order goes to "wrong address" with the problems named) rather than refused, because a
 * merchant's shop often holds addresses the warehouse can still fix with the customer.
 */
const ISO_CODES =
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW';

export const COUNTRY_CODES: readonly string[] = ISO_CODES.split(' ');
const KNOWN = new Set(COUNTRY_CODES);

export function isCountryCode(code: string): boolean {
  return KNOWN.has(code);
}

/** Postal-code patterns of the countries a European 3PL ships to most (others: any 2–10 characters). */
export const POSTAL_PATTERNS: Readonly<Record<string, RegExp>> = {
  DE: /^\d{5}$/,
  AT: /^\d{4}$/,
  CH: /^\d{4}$/,
  LI: /^\d{4}$/,
  FR: /^\d{5}$/,
  MC: /^980\d{2}$/,
  IT: /^\d{5}$/,
  ES: /^\d{5}$/,
  PT: /^\d{4}-\d{3}$/,
  NL: /^\d{4} ?[A-Z]{2}$/,
  BE: /^\d{4}$/,
  LU: /^(L-)?\d{4}$/,
  DK: /^\d{4}$/,
  NO: /^\d{4}$/,
  SE: /^\d{3} ?\d{2}$/,
  FI: /^\d{5}$/,
  PL: /^\d{2}-\d{3}$/,
  CZ: /^\d{3} ?\d{2}$/,
  SK: /^\d{3} ?\d{2}$/,
  HU: /^\d{4}$/,
  SI: /^\d{4}$/,
  HR: /^\d{5}$/,
  RO: /^\d{6}$/,
  BG: /^\d{4}$/,
  GR: /^\d{3} ?\d{2}$/,
  EE: /^\d{5}$/,
  LV: /^(LV-)?\d{4}$/,
  LT: /^(LT-)?\d{5}$/,
  IE: /^[A-Z]\d[\dW] ?[A-Z\d]{4}$/,
  GB: /^[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}$/,
  US: /^\d{5}(-\d{4})?$/,
  CA: /^[A-Z]\d[A-Z] ?\d[A-Z]\d$/,
  AU: /^\d{4}$/,
  JP: /^\d{3}-?\d{4}$/,
  CN: /^\d{6}$/,
};

/** Countries without postal codes: an empty ZIP is right there. */
const NO_POSTAL_CODE = new Set(['AE', 'AG', 'AO', 'BS', 'BZ', 'HK', 'IE', 'QA', 'MO', 'ZW']);

export interface AddressLike {
  name1?: string;
  streetName?: string;
  streetNumber?: string;
  zip?: string;
  city?: string;
  country?: string;
}

export type AddressProblem = { field: keyof AddressLike; problem: 'required' | 'pattern' };

/** The problems of an address for shipping (empty when it can ship); the country is assumed valid. */
export function addressProblems(address: AddressLike): AddressProblem[] {
  const problems: AddressProblem[] = [];
  const blank = (value: string | undefined) => !value || value.trim() === '';
  if (blank(address.name1)) problems.push({ field: 'name1', problem: 'required' });
  if (blank(address.streetName)) problems.push({ field: 'streetName', problem: 'required' });
  if (blank(address.city)) problems.push({ field: 'city', problem: 'required' });
  const country = (address.country ?? '').toUpperCase();
  const zip = (address.zip ?? '').trim().toUpperCase();
  if (zip === '') {
    if (!NO_POSTAL_CODE.has(country)) problems.push({ field: 'zip', problem: 'required' });
  } else {
    const pattern = POSTAL_PATTERNS[country];
    if (pattern ? !pattern.test(zip) : !/^[A-Z0-9][A-Z0-9 -]{1,9}$/.test(zip)) problems.push({ field: 'zip', problem: 'pattern' });
  }
  // A street number is part of most European addresses; it may also be written into the street name.
  if (['DE', 'AT', 'NL', 'BE', 'CH', 'PL', 'CZ'].includes(country) && blank(address.streetNumber) && !/\d/.test(address.streetName ?? ''))
    problems.push({ field: 'streetNumber', problem: 'required' });
  return problems;
}
