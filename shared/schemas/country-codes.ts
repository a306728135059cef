/**
 * The country codes ISO 3166-1 assigns (alpha-2, the 249 officially assigned ones), which a `country`
 * condition may name. A code of the right shape that the standard does not assign (`JJ`), reserves (`UK`,
 * `EU`) or leaves to users (`AA`, `QM` to `QZ`, `XA` to `XZ`, `ZZ`) is refused, as the contract says of a
 * value outside its table. A list rather than `Intl.DisplayNames`, whose region names take in reserved and
 * user-assigned codes too.
 */
const ASSIGNED_BY_FIRST_LETTER = [
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ',
  'BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ',
  'CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ',
  'DE DJ DK DM DO DZ',
  'EC EE EG EH ER ES ET',
  'FI FJ FK FM FO FR',
  'GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY',
  'HK HM HN HR HT HU',
  'ID IE IL IM IN IO IQ IR IS IT',
  'JE JM JO JP',
  'KE KG KH KI KM KN KP KR KW KY KZ',
  'LA LB LC LI LK LR LS LT LU LV LY',
  'MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ',
  'NA NC NE NF NG NI NL NO NP NR NU NZ',
  'OM',
  'PA PE PF PG PH PK PL PM PN PR PS PT PW PY',
  'QA',
  'RE RO RS RU RW',
  'SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ',
  'TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ',
  'UA UG UM US UY UZ',
  'VA VC VE VG VI VN VU',
  'WF WS',
  'YE YT',
  'ZA ZM ZW',
];

/**
 * The codes as one pattern in any case, for the check and for the API's description alike (JSON Schema's
 * patterns have no flags): `[Aa][DEFG…defg…]|[Bb][…]…`.
 */
export const COUNTRY_CODE_PATTERN = `^(?:${ASSIGNED_BY_FIRST_LETTER.map((line) => {
  const codes = line.split(' ');
  const first = codes[0]?.[0] ?? '';
  const seconds = codes.map((code) => code[1]).join('');
  return `[${first}${first.toLowerCase()}][${seconds}${seconds.toLowerCase()}]`;
}).join('|')})$`;

const COUNTRY_CODE = new RegExp(COUNTRY_CODE_PATTERN);

/** Whether `code` is an assigned ISO 3166-1 alpha-2 code, in any case. */
export const isCountryCode = (code: string): boolean => COUNTRY_CODE.test(code);
