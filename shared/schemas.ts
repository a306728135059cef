import * as z from 'zod/mini';

/**
 * Every request schema of the API, in one module: the handlers validate with them and the OpenAPI
 * description is generated from them. Limits are CONTRACT.md's.
 */

const MAX_ID = Number.MAX_SAFE_INTEGER;

const digitsOnly = (type: string, msg: string) =>
  z.refine<string>((value) => /^\s*\+?\d+\s*$/.test(value), { message: msg, params: { type } });

/** An integer carried as text (path or query), parsed strictly: "1.5", "1e3" and "abc" are refused. */
function integerText(bounds: { min: number; max: number }) {
  return z.pipe(
    z
      .string()
      .check(digitsOnly('int_parsing', 'Input should be a valid integer, unable to parse string as an integer')),
    z.pipe(
      z.transform((value: string) => Number(value.trim())),
      z.int().check(z.gte(bounds.min), z.lte(bounds.max)),
    ),
  );
}

/** An optional integer query parameter with a default. */
export function queryInteger(bounds: { min: number; max: number; default: number }) {
  return z._default(z.optional(integerText(bounds)), bounds.default);
}

/** An optional positive-id query parameter (a filter). */
export const queryId = z.optional(integerText({ min: 1, max: MAX_ID }));

const truthy = new Set(['true', '1', 'yes', 'on']);
const falsy = new Set(['false', '0', 'no', 'off']);

/** A boolean query parameter: true/false/1/0/yes/no/on/off, any case. */
export const queryBoolean = z.optional(
  z.pipe(
    z.string().check(
      z.refine((value: string) => truthy.has(value.trim().toLowerCase()) || falsy.has(value.trim().toLowerCase()), {
        message: 'Input should be a valid boolean, unable to interpret input',
        params: { type: 'bool_parsing' },
      }),
    ),
    z.transform((value: string) => truthy.has(value.trim().toLowerCase())),
  ),
);

/** Path parameters of `/{resource}/{id}`: a positive integer. */
export const idPath = z.object({ id: integerText({ min: 1, max: MAX_ID }) });

/** Path parameter of the redirect. API Gateway requires one name per path level, so it is `{id}` there too. */
export const shortCodePath = z.object({ id: z.string().check(z.minLength(1), z.maxLength(64)) });

export const positiveId = z.int().check(z.gte(1), z.lte(MAX_ID));
export const username = z.string().check(z.trim(), z.minLength(1), z.maxLength(255));
export const email = z.string().check(z.trim(), z.toLowerCase(), z.maxLength(254), z.email());
export const title = z.string().check(z.trim(), z.minLength(1), z.maxLength(255));

function isWebAddress(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** The redirect target: an absolute http(s) URL, stored exactly as sent after trimming. */
export const originalUrl = z.string().check(
  z.trim(),
  z.minLength(1),
  z.maxLength(2048),
  z.refine(isWebAddress, {
    message: 'URL must be an absolute http or https address',
    params: { type: 'url_parsing' },
  }),
);

const MAX_DETAILS_BYTES = 16 * 1024;
export const eventDetails = z.record(z.string(), z.unknown()).check(
  z.refine((details) => Buffer.byteLength(JSON.stringify(details)) <= MAX_DETAILS_BYTES, {
    message: `details must be at most ${MAX_DETAILS_BYTES} bytes when serialized`,
    params: { type: 'value_error' },
  }),
);
export const eventType = z.string().check(z.trim(), z.minLength(1), z.maxLength(100));

export const createUserBody = z.object({ username, email });
export const renameUserBody = z.object({ username });
/** An opaque cursor from a list's `Link: <...>; rel="next"` header (an extension: lists work without it). */
const cursor = z.optional(z.string().check(z.minLength(1), z.maxLength(2048)));

export const listUsersQuery = z.object({
  page: queryInteger({ min: 1, max: MAX_ID, default: 1 }),
  per_page: queryInteger({ min: 1, max: 100, default: 10 }),
  cursor,
});

export const createUrlBody = z.object({
  user_id: positiveId,
  original_url: originalUrl,
  title: z.optional(z.nullable(title)),
});
export const updateUrlBody = z
  .object({ title: z.optional(z.nullable(title)), is_active: z.optional(z.boolean()) })
  .check(
    z.refine((body) => body.title !== undefined || body.is_active !== undefined, {
      message: 'At least one of title or is_active is required',
      params: { type: 'missing' },
    }),
  );

const skip = queryInteger({ min: 0, max: MAX_ID, default: 0 });
const limit = queryInteger({ min: 1, max: 1000, default: 100 });

export const listUrlsQuery = z.object({ skip, limit, user_id: queryId, is_active: queryBoolean, cursor });

export const createEventBody = z.object({
  url_id: positiveId,
  user_id: positiveId,
  event_type: eventType,
  details: z._default(z.optional(eventDetails), {}),
});
export const listEventsQuery = z.object({
  skip,
  limit,
  url_id: queryId,
  user_id: queryId,
  event_type: z.optional(eventType),
  cursor,
});

export const emptyObject = z.object({});
