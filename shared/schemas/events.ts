import * as z from 'zod/mini';
import { isRawJsonNumber, nestingDepth } from '../platform/json.js';
import { documentedAs } from './documented-json-schema.js';
import { csvLimit, cursor, limit, skip } from './list-pages.js';
import { positiveId, queryId, trimmedText } from './primitives.js';
import { requestBody } from './request-body.js';

const MAX_DETAILS_BYTES = 16 * 1024;
/** Deeper than this, a details object cannot be serialized safely; no real payload comes close. */
const MAX_DETAILS_DEPTH = 256;

const isJsonObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value) && !isRawJsonNumber(value);

/** Serialized size in bytes, or Infinity when it cannot be serialized. */
function serializedBytes(value: unknown): number {
  try {
    return Buffer.byteLength(JSON.stringify(value));
  } catch {
    return Number.POSITIVE_INFINITY;
  }
}

/**
 * An event's free-form payload: any JSON object of at most 16 KiB serialized, kept exactly as sent (key for
 * key, `__proto__` and empty keys included; numbers beyond a double's precision as written). The object
 * itself is passed on, not a copy: copying through a record schema would drop a `__proto__` key.
 */
export const eventDetails = documentedAs(
  z
    .custom<Record<string, unknown>>(isJsonObject, {
      message: 'Input should be a valid dictionary',
      params: { type: 'dict_type' },
    })
    .check(
      z.refine((details) => nestingDepth(details) <= MAX_DETAILS_DEPTH, {
        message: `details must not nest more than ${MAX_DETAILS_DEPTH} levels`,
        params: { type: 'value_error' },
        abort: true,
      }),
      z.refine((details) => serializedBytes(details) <= MAX_DETAILS_BYTES, {
        message: `details must be at most ${MAX_DETAILS_BYTES} bytes when serialized`,
        params: { type: 'value_error' },
      }),
    ),
  {
    type: 'object',
    description: `Any JSON object of at most ${MAX_DETAILS_BYTES} bytes serialized (UTF-8) and ${MAX_DETAILS_DEPTH} levels deep, returned exactly as sent`,
  },
);

export const eventType = trimmedText(100);

export const createEventBody = requestBody(
  {
    url_id: positiveId,
    user_id: positiveId,
    event_type: eventType,
    details: z._default(z.optional(eventDetails), {}),
  },
  'event',
);
export const listEventsQuery = z.object({
  skip,
  limit,
  url_id: queryId,
  user_id: queryId,
  event_type: z.optional(eventType),
  cursor,
});
export const listEventsCsvQuery = z.object({ ...listEventsQuery.shape, limit: csvLimit });
