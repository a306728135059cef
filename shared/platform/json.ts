/**
 * JSON that keeps every number exactly as it was written. `JSON.parse` reads numbers as doubles, so
 * `1234567890123456789` comes back as `1234567890123456800` and `1e400` as `Infinity` (then `null`). Event
 * details are free-form and must round-trip value for value, so a number a double cannot hold exactly is
 * kept as its source text (`JSON.rawJSON`), which `JSON.stringify` writes back unchanged.
 */

/** A number kept as its source text; `JSON.stringify` writes it as that text. */
interface RawJsonNumber {
  readonly rawJSON: string;
}

// Node 24 has JSON.rawJSON and JSON.isRawJSON (and the reviver's `context.source`); TypeScript's lib does not yet.
const nativeJson = JSON as JSON & {
  rawJSON(text: string): RawJsonNumber;
  isRawJSON(value: unknown): value is RawJsonNumber;
  parse(text: string, reviver: (key: string, value: unknown, context: { source?: string }) => unknown): unknown;
};

export const isRawJsonNumber = (value: unknown): value is RawJsonNumber => nativeJson.isRawJSON(value);

/**
 * Text that may hold a number a double cannot represent: 16 or more digits in a row (dots allowed between
 * them), or a three-digit exponent. Anything else parses exactly with plain `JSON.parse`, which is faster
 * and does not recurse.
 */
const mayHoldInexactNumber = /\d[\d.]{15}|[eE][+-]?\d{3}/;

/** `-12.30e2` as sign, significant digits and exponent, so two spellings of one value compare equal. */
function decimalValue(text: string): string {
  const match = /^(-?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/.exec(text);
  if (!match) return text;
  const [, sign = '', whole = '', fraction = '', exponent = '0'] = match;
  const digits = `${whole}${fraction}`;
  const leading = digits.length - digits.replace(/^0+/, '').length;
  const significant = digits.slice(leading).replace(/0+$/, '');
  if (significant === '') return '0';
  const scale = Number(exponent) + whole.length - leading - significant.length;
  return `${sign}${significant}e${scale}`;
}

function keepExactNumbers(_key: string, value: unknown, context: { source?: string }): unknown {
  if (typeof value !== 'number' || context.source === undefined) return value;
  const exact = Number.isFinite(value) && decimalValue(context.source) === decimalValue(String(value));
  return exact ? value : nativeJson.rawJSON(context.source);
}

/**
 * Parses JSON text, keeping numbers that a double cannot hold exactly as raw JSON numbers. Throws
 * `SyntaxError` for text that is not JSON, and `RangeError` for text nested too deeply to revive.
 */
export function parseJsonExactly(text: string): unknown {
  return mayHoldInexactNumber.test(text) ? nativeJson.parse(text, keepExactNumbers) : JSON.parse(text);
}

/** The value a raw number stands for, as a double (for fields that are checked as numbers). */
export const approximateNumber = (value: RawJsonNumber): number => Number(value.rawJSON);

/** How deeply a JSON value nests objects and arrays (a scalar is 0), without recursion. */
export function nestingDepth(value: unknown): number {
  let deepest = 0;
  const pending: [unknown, number][] = [[value, 0]];
  while (pending.length > 0) {
    const [node, depth] = pending.pop() as [unknown, number];
    if (node === null || typeof node !== 'object' || isRawJsonNumber(node)) continue;
    deepest = Math.max(deepest, depth + 1);
    for (const child of Object.values(node)) pending.push([child, depth + 1]);
  }
  return deepest;
}
