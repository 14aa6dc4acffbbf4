/**
 * ISO 3166-1 alpha-2 to alpha-3, which DHL Parcel DE v2 wants in every address and customs line. The
 * countries DHL Parcel DE ships to from Germany that Kontor's merchants use; one not listed here is
 * refused before any call (an `address` error naming the country), never guessed.
 */
const PAIRS =
  'AD AND AE ARE AL ALB AM ARM AR ARG AT AUT AU AUS AZ AZE BA BIH BD BGD BE BEL BG BGR BH BHR BR BRA BY BLR ' +
  'CA CAN CH CHE CL CHL CN CHN CO COL CR CRI CY CYP CZ CZE DE DEU DK DNK DZ DZA EC ECU EE EST EG EGY ES ESP ' +
  'FI FIN FO FRO FR FRA GB GBR GE GEO GI GIB GL GRL GR GRC HK HKG HR HRV HU HUN ID IDN IE IRL IL ISR IN IND ' +
  'IS ISL IT ITA JO JOR JP JPN KE KEN KR KOR KW KWT KZ KAZ LB LBN LI LIE LK LKA LT LTU LU LUX LV LVA MA MAR ' +
  'MC MCO MD MDA ME MNE MK MKD MT MLT MX MEX MY MYS NG NGA NL NLD NO NOR NZ NZL OM OMN PE PER PH PHL PK PAK ' +
  'PL POL PT PRT QA QAT RO ROU RS SRB SA SAU SE SWE SG SGP SI SVN SK SVK SM SMR TH THA TN TUN TR TUR TW TWN ' +
  'UA UKR US USA UY URY VA VAT VN VNM ZA ZAF';

const ALPHA3: ReadonlyMap<string, string> = (() => {
  const parts = PAIRS.split(' ');
  const map = new Map<string, string>();
  for (let i = 0; i + 1 < parts.length; i += 2) map.set(parts[i]!, parts[i + 1]!);
  return map;
})();

export function alpha3(alpha2: string): string | undefined {
  return ALPHA3.get(alpha2.trim().toUpperCase());
}

/** Member states of the EU customs union (no customs declaration needed between them). */
const EU = new Set('AT BE BG CY CZ DE DK EE ES FI FR GR HR HU IE IT LT LU LV MC MT NL PL PT RO SE SI SK'.split(' '));

export function isEu(alpha2: string): boolean {
  return EU.has(alpha2.trim().toUpperCase());
}
