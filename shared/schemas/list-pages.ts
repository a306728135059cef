import * as z from 'zod/mini';
import { MAX_ID, queryInteger } from './primitives.js';

/** How a list request picks its page: a page number, or records passed over, and a cursor to resume from. */

/** An opaque cursor from a list's `Link: <...>; rel="next"` header (an extension: lists work without it). */
export const cursor = z.optional(z.string().check(z.minLength(1), z.maxLength(2048)));

/** A list read by page number (users, keys, reports): `page` of `per_page` records, or from a cursor. */
export const numberedPageQuery = z.object({
  page: queryInteger({ min: 1, max: MAX_ID, default: 1 }),
  per_page: queryInteger({ min: 1, max: 100, default: 10 }),
  cursor,
});

export const skip = queryInteger({ min: 0, max: MAX_ID, default: 0 });
export const limit = queryInteger({ min: 1, max: 1000, default: 100 });

/**
 * A CSV export's page (`Accept: text/csv`, docs/decisions.md): an export is read by the thousand,
 * so a page holds up to ten times a JSON one; shared/http/csv-answer.ts ends one early that would not fit
 * in a Lambda answer.
 */
export const csvLimit = queryInteger({ min: 1, max: 10_000, default: 1000 });
