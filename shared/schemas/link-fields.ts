import * as z from 'zod/mini';
import { isReservedShortCode, reservedFirstSegments } from '../domain/reserved-paths.js';
import { documentedAs } from './documented-json-schema.js';
import { anyCase, futureTimestamp, trimmedText, wellFormed } from './primitives.js';

/** The fields of a short link as a request sets them: its target, title, short code and lifecycle. */

export const title = trimmedText(255);

/** Characters no URL may carry: C0 controls, DEL and C1 controls (CR, LF and NUL would break a Location header). */
const CONTROL = '\\u0000-\\u001F\\u007F-\\u009F';
const controlCharacter = new RegExp(`[${CONTROL}]`);
/** `http://` or `https://`, any case, then a host (not `/`, `\`, `?`, `#` or blank). */
const webAddressStart = '[Hh][Tt][Tt][Pp][Ss]?://[^\\s/\\\\?#]';

function isWebAddress(value: string): boolean {
  if (!new RegExp(`^${webAddressStart}`).test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/**
 * The redirect target: an absolute http(s) URL of at most 2048 characters, international characters
 * allowed, control characters not; stored exactly as sent after trimming.
 */
export const originalUrl = documentedAs(
  z.string().check(
    z.trim(),
    z.minLength(1),
    z.maxLength(2048),
    wellFormed,
    z.refine((value) => !controlCharacter.test(value), {
      message: 'URL must not contain control characters',
      params: { type: 'url_parsing' },
    }),
    z.refine(isWebAddress, {
      message: 'URL must be an absolute http or https address',
      params: { type: 'url_parsing' },
    }),
  ),
  {
    type: 'string',
    pattern: `^\\s*(?=[^${CONTROL}]{1,2048}\\s*$)${webAddressStart}[^${CONTROL}]*$`,
    description: 'An absolute http or https URL, at most 2048 characters after trimming, with no control characters',
  },
  {
    type: 'string',
    maxLength: 2048,
    pattern: `^${webAddressStart}[^${CONTROL}]*$`,
  },
);

/**
 * A short code a user chooses (docs/decisions.md, "Link lifecycle"): 3 to 64 letters, digits, `_` and `-`, and not
 * one of the service's own first path segments (any case). The pattern says both, for clients too.
 */
const shortCodeCharacters = /^[A-Za-z0-9_-]{3,64}$/;
export const chosenShortCode = documentedAs(
  z.string().check(
    z.refine((value: string) => shortCodeCharacters.test(value), {
      message: 'Short code must be 3 to 64 characters: letters, digits, _ and -',
      params: { type: 'string_pattern_mismatch' },
    }),
    z.refine((value: string) => !isReservedShortCode(value), {
      message: 'Short code is reserved by the service',
      params: { type: 'value_error' },
    }),
  ),
  {
    type: 'string',
    pattern: `^(?!(?:${reservedFirstSegments
      .filter((segment) => shortCodeCharacters.test(segment))
      .map((segment) => [...segment].map(anyCase).join(''))
      .join('|')})$)[A-Za-z0-9_-]{3,64}$`,
    description:
      "3 to 64 letters, digits, `_` and `-`, case-sensitive; not one of the service's own first path segments",
  },
);

/** A link's lifecycle as a request sets it; on create, `null` is the same as leaving a field out. */
export const lifecycleFields = {
  expires_at: z.optional(z.nullable(futureTimestamp)),
  max_clicks: z.optional(
    z.nullable(
      z
        .int()
        .check(
          z.gte(1),
          z.lte(1_000_000_000),
          z.describe('After how many redirected clicks the link expires (HEAD and posted clicks do not count)'),
        ),
    ),
  ),
  expired_url: z.optional(z.nullable(originalUrl)),
  forward_query: z.optional(
    z.pipe(
      z.nullable(
        z
          .boolean()
          .check(
            z.describe(
              "Add the short link's query string after the target's own parameters (default false; null: false)",
            ),
          ),
      ),
      z.transform((value: boolean | null) => value ?? false),
    ),
  ),
};
