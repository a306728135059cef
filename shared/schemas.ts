import type { core } from 'zod/mini';
import * as z from 'zod/mini';
import { strictUtcInstant, timestamp } from './clock.js';
import { withBodyFields } from './http/validation.js';
import { isRawJsonNumber, nestingDepth } from './json.js';
import { isReservedShortCode, reservedFirstSegments } from './routes.js';
import { parseInstant, STATS_INSTANT_PATTERN } from './stats/stats-range.js';

/**
 * Every request schema of the API, in one module: the handlers validate with them and the OpenAPI
 * description is generated from them. Limits are the API's, as docs/openapi.json publishes them.
 *
 * Where zod's checks cannot be turned into JSON Schema exactly (a length counted after trimming, the
 * address forms the service accepts), the schema carries its JSON Schema here, beside the check it
 * describes (`documentedAs`); shared/openapi.ts uses it, and the integration suite's OpenAPI check holds the
 * two to each other.
 */

type JsonSchema = core.JSONSchema.BaseSchema;

/**
 * The JSON Schema of a schema as a request carries it (`input`) and as a response returns it (`output`):
 * either the whole description (`replace`), or constraints added to what zod generates (`extend`).
 */
export interface DocumentedJsonSchema {
  input: JsonSchema;
  output: JsonSchema;
  mode: 'replace' | 'extend';
}
export const documentedJsonSchemas = new WeakMap<object, DocumentedJsonSchema>();

function documentedAs<T extends object>(schema: T, input: JsonSchema, output: JsonSchema = input): T {
  documentedJsonSchemas.set(schema, { input, output, mode: 'replace' });
  return schema;
}

function constrainedAs<T extends object>(schema: T, constraints: JsonSchema): T {
  documentedJsonSchemas.set(schema, { input: constraints, output: constraints, mode: 'extend' });
  return schema;
}

const MAX_ID = Number.MAX_SAFE_INTEGER;

/** Strings must be well-formed Unicode: a lone surrogate cannot be stored (DynamoDB keeps UTF-8). */
const wellFormed = z.refine<string>((value) => value.isWellFormed(), {
  message: 'String should be valid Unicode (no unpaired surrogates)',
  params: { type: 'string_unicode' },
});

/** An integer carried as text (path or query), parsed strictly: "1.5", "1e3" and "abc" are refused. */
function integerText(bounds: { min: number; max: number }) {
  const schema = z.pipe(
    z.string().check(
      z.refine((value) => /^\s*[+-]?\d+\s*$/.test(value), {
        message: 'Input should be a valid integer, unable to parse string as an integer',
        params: { type: 'int_parsing' },
      }),
    ),
    // Digits only, so the number is whole; beyond 2^53 it is only approximate, which the bound then refuses.
    z.pipe(
      z.transform((value: string) => Number(value.trim())),
      z.number().check(z.gte(bounds.min), z.lte(bounds.max)),
    ),
  );
  return documentedAs(schema, {
    type: 'integer',
    minimum: bounds.min,
    ...(bounds.max < MAX_ID ? { maximum: bounds.max } : { maximum: MAX_ID }),
  });
}

/** An optional integer query parameter with a default. */
export function queryInteger(bounds: { min: number; max: number; default: number }) {
  return z._default(z.optional(integerText(bounds)), bounds.default);
}

/** An optional positive-id query parameter (a filter). */
export const queryId = z.optional(integerText({ min: 1, max: MAX_ID }));

export const booleanWords = ['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'] as const;
const truthy = new Set(['true', '1', 'yes', 'on']);
const falsy = new Set(['false', '0', 'no', 'off']);

/** A boolean query parameter: true/false/1/0/yes/no/on/off, any case. */
export const queryBoolean = z.optional(
  documentedAs(
    z.pipe(
      z.string().check(
        z.refine((value: string) => truthy.has(value.trim().toLowerCase()) || falsy.has(value.trim().toLowerCase()), {
          message: 'Input should be a valid boolean, unable to interpret input',
          params: { type: 'bool_parsing' },
        }),
      ),
      z.transform((value: string) => truthy.has(value.trim().toLowerCase())),
    ),
    {
      type: 'string',
      pattern: `^\\s*(?:${booleanWords.map((word) => [...word].map(anyCase).join('')).join('|')})\\s*$`,
    },
  ),
);

/** A character class matching one letter in either case, for JSON Schema patterns (which have no flags). */
function anyCase(letter: string): string {
  return letter.toLowerCase() === letter.toUpperCase() ? letter : `[${letter.toLowerCase()}${letter.toUpperCase()}]`;
}

/** Path parameters of `/{resource}/{id}`: a positive integer. */
export const idPath = z.object({ id: integerText({ min: 1, max: MAX_ID }) });

/** Path parameter of the redirect. API Gateway requires one name per path level, so it is `{id}` there too. */
export const shortCodePath = z.object({ id: z.string().check(z.minLength(1), z.maxLength(64)) });

/** Path parameter of GET /imports/{id}: an import's id as POST /users/bulk gave it (any other is not found). */
export const importPath = z.object({ id: z.string().check(z.minLength(1), z.maxLength(64)) });

/** GET /urls/{code}/stats-page: `part=link` asks for what the reader's key may see of the link, not the page. */
export const statsPageQuery = z.object({ part: z.optional(z.literal('link')) });

/** The short form of a link, `/<code>`, which the edge rewrites to the redirect route. */
export const shortLinkPath = z.object({ code: z.string().check(z.regex(/^[A-Za-z0-9_-]{3,64}$/)) });

/** Path parameter of the API reference's files (`/docs/swagger-ui.css`). */
export const referenceFilePath = z.object({ file: z.string().check(z.minLength(1), z.maxLength(64)) });

export const positiveId = z.int().check(z.gte(1), z.lte(MAX_ID));

/**
 * A name or title: surrounding whitespace is trimmed, then 1 to `max` characters. JSON Schema counts before
 * trimming, so the pattern says it: optional whitespace, the text (first and last character not blank),
 * optional whitespace.
 */
function trimmedText(max: number) {
  const text = `\\S(?:[\\s\\S]{0,${max - 2}}\\S)?`;
  return documentedAs(
    z.string().check(z.trim(), z.minLength(1), z.maxLength(max), wellFormed),
    { type: 'string', pattern: `^\\s*${text}\\s*$` },
    { type: 'string', minLength: 1, maxLength: max, pattern: `^${text}$` },
  );
}

export const username = trimmedText(255);
export const title = trimmedText(255);

/**
 * The addresses the service accepts: RFC 5322's dot-atoms before the `@`, a domain of letter-or-digit labels
 * (hyphens inside) and an alphabetic top-level label. Every `format: email` checker we know accepts these
 * (ajv-formats, zod), so an address stored here passes `format: email` when it is read back.
 */
const atom = "[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+";
const emailText = `${atom}(?:\\.${atom})*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\\.)+[A-Za-z]{2,}`;
const emailPattern = new RegExp(`^${emailText}$`);
export const email = documentedAs(
  z.string().check(
    z.trim(),
    z.toLowerCase(),
    z.maxLength(254),
    z.refine((value) => emailPattern.test(value), {
      message: 'value is not a valid email address',
      params: { type: 'value_error' },
    }),
  ),
  // No `format: email` on input: surrounding whitespace is trimmed first, which the format would refuse.
  { type: 'string', pattern: `^\\s*(?=\\S{1,254}\\s*$)${emailText}\\s*$` },
  { type: 'string', format: 'email', maxLength: 254, pattern: `^${emailText.replaceAll('A-Z', '')}$` },
);

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

export const MAX_DETAILS_BYTES = 16 * 1024;
/** Deeper than this, a details object cannot be serialized safely; no real payload comes close. */
export const MAX_DETAILS_DEPTH = 256;

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

/** The fields of each record as returned (the API's records, and the extensions': docs/decisions.md, "Extensions"). */
const recordFields = {
  user: ['id', 'username', 'email', 'created_at'],
  url: [
    'id',
    'user_id',
    'short_code',
    'original_url',
    'title',
    'is_active',
    'created_at',
    'updated_at',
    'short_url',
    'expires_at',
    'max_clicks',
    'expired_url',
    'forward_query',
  ],
  event: ['id', 'url_id', 'user_id', 'event_type', 'timestamp', 'details'],
  key: ['id', 'name', 'key', 'prefix', 'created_at', 'expires_at', 'created_by'],
  report: ['id', 'short_code', 'reason', 'email', 'created_at'],
} as const;

/** A JSON body of these fields that ignores the other fields of `record` and refuses anything else. */
function requestBody<Shape extends core.$ZodLooseShape>(shape: Shape, record: keyof typeof recordFields) {
  return withBodyFields(z.object(shape), Object.keys(shape), recordFields[record]);
}

export const createUserBody = requestBody({ username, email }, 'user');
export const renameUserBody = requestBody({ username }, 'user');
/** An opaque cursor from a list's `Link: <...>; rel="next"` header (an extension: lists work without it). */
const cursor = z.optional(z.string().check(z.minLength(1), z.maxLength(2048)));

export const listUsersQuery = z.object({
  page: queryInteger({ min: 1, max: MAX_ID, default: 1 }),
  per_page: queryInteger({ min: 1, max: 100, default: 10 }),
  cursor,
});

const FUTURE_TIMESTAMP_PATTERN = '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d{1,3})?Z?$';

/**
 * A moment to come, in the contract's timestamp form (UTC, no zone) or with `Z`; read as the contract's form.
 * An impossible date or time (`2027-02-30`, `24:00:01`) is refused, never rolled over.
 */
const futureTimestamp = documentedAs(
  z.pipe(
    z.string().check(
      z.refine(
        (value: string) =>
          new RegExp(FUTURE_TIMESTAMP_PATTERN).test(value) && strictUtcInstant(value.replace(/Z$/, '')) !== undefined,
        {
          message: 'Input should be a UTC timestamp such as 2026-12-31T23:59:59 (a Z may follow)',
          params: { type: 'datetime_parsing' },
        },
      ),
      z.refine((value: string) => Date.parse(`${value.replace(/Z$/, '')}Z`) > Date.now(), {
        message: 'Input should be in the future',
        params: { type: 'datetime_future' },
      }),
    ),
    z.transform((value: string) => timestamp(new Date(Date.parse(`${value.replace(/Z$/, '')}Z`)))),
  ),
  {
    type: 'string',
    pattern: FUTURE_TIMESTAMP_PATTERN,
    description: 'A moment in the future, UTC: 2026-12-31T23:59:59 (milliseconds and a Z may follow)',
  },
  { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}$' },
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
const lifecycleFields = {
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

/** POST /urls; `is_active` false makes the link switched off from the start. */
const createUrlFields = {
  user_id: positiveId,
  original_url: originalUrl,
  title: z.optional(z.nullable(title)),
  short_code: z.optional(chosenShortCode),
  is_active: z._default(z.optional(z.boolean()), true),
  ...lifecycleFields,
};
export const createUrlBody = requestBody(createUrlFields, 'url');

/**
 * POST /urls in `keys` mode: a user key may leave `user_id` out (the URL is then its user's); an operator key
 * must still send it, which the route checks.
 */
export const createOwnUrlBody = requestBody({ ...createUrlFields, user_id: z.optional(positiveId) }, 'url');

/** The most links one POST /urls/bulk may carry (docs/decisions.md, "Links in bulk"). */
export const MAX_BULK_LINKS = 1000;

/**
 * POST /urls/bulk: `links`, each the body of a POST /urls, checked one by one by the route (a bad link is that
 * link's 422, not the request's).
 */
export const createLinksBody = withBodyFields(
  z.object({
    links: z
      .array(z.unknown())
      .check(
        z.minLength(1),
        z.maxLength(MAX_BULK_LINKS),
        z.describe(`1 to ${MAX_BULK_LINKS} links, each the body of POST /urls`),
      ),
  }),
  ['links'],
  [],
);

/** What PUT /urls/{id} may change: everything but the short code, which never changes. */
const changeableUrlFields = {
  original_url: z.optional(originalUrl),
  title: z.optional(z.nullable(title)),
  is_active: z.optional(z.boolean()),
  ...lifecycleFields,
};
export const updateUrlBody = withBodyFields(
  constrainedAs(
    z.object(changeableUrlFields).check(
      z.refine((body) => Object.values(body).some((value) => value !== undefined), {
        message: `At least one of ${Object.keys(changeableUrlFields).join(', ')} is required`,
        params: { type: 'missing' },
      }),
    ),
    { anyOf: Object.keys(changeableUrlFields).map((field) => ({ required: [field] })) },
  ),
  Object.keys(changeableUrlFields),
  recordFields.url,
);

const skip = queryInteger({ min: 0, max: MAX_ID, default: 0 });
const limit = queryInteger({ min: 1, max: 1000, default: 100 });

/**
 * A CSV export's window (`Accept: text/csv`, docs/decisions.md): an export is read by the thousand,
 * so a page holds up to ten times a JSON window; shared/http/csv-answer.ts ends one early that would not fit
 * in a Lambda answer.
 */
const csvLimit = queryInteger({ min: 1, max: 10_000, default: 1000 });

export const listUrlsQuery = z.object({ skip, limit, user_id: queryId, is_active: queryBoolean, cursor });
export const listUrlsCsvQuery = z.object({ ...listUrlsQuery.shape, limit: csvLimit });

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

/** A statistics range bound: a date (`2026-11-01`) or a UTC timestamp (`2026-11-01T10:00:00`). */
const statsInstant = documentedAs(
  z.string().check(
    z.refine((value: string) => parseInstant(value) !== undefined, {
      message: 'Input should be a valid date (2026-11-01) or UTC timestamp (2026-11-01T10:00:00)',
      params: { type: 'datetime_from_date_parsing' },
    }),
  ),
  { type: 'string', pattern: STATS_INSTANT_PATTERN },
);

export const statsIntervals = ['hour', 'day'] as const;

/** GET /urls/{id}/stats, GET /users/{id}/stats (docs/decisions.md, "Link statistics"). */
export const statsQuery = z.object({
  from: z.optional(statsInstant),
  to: z.optional(statsInstant),
  interval: z._default(
    z.optional(
      documentedAs(
        z.pipe(
          z.string().check(
            z.refine((value: string) => (statsIntervals as readonly string[]).includes(value), {
              message: "Input should be 'hour' or 'day'",
              params: { type: 'enum' },
            }),
          ),
          z.transform((value: string) => value as (typeof statsIntervals)[number]),
        ),
        { type: 'string', enum: [...statsIntervals] },
      ),
    ),
    'day',
  ),
});

export const emptyObject = z.object({});

/** POST /users/{id}/keys */
export const createUserKeyBody = requestBody(
  { name: trimmedText(100), expires_at: z.optional(z.nullable(futureTimestamp)) },
  'key',
);

/** Path parameter of `/keys/{key_id}`. */
export const keyPath = z.object({ key_id: integerText({ min: 1, max: MAX_ID }) });

/** Path parameters of `/users/{id}/keys/{key_id}`. */
export const userKeyPath = z.object({
  id: integerText({ min: 1, max: MAX_ID }),
  key_id: integerText({ min: 1, max: MAX_ID }),
});

/**
 * Path parameter of `/blocked-hosts/{host}`: a host name, an IP address (IPv6 with or without brackets) or a
 * CIDR range (`10.0.0.0%2F8`); shared/hosts.ts tells which, refuses what is none of them, and compares them.
 */
export const hostPath = z.object({ host: z.string().check(z.minLength(1), z.maxLength(300)) });

/** POST /reports */
export const createReportBody = requestBody(
  {
    short_code: z.string().check(z.minLength(1), z.maxLength(64)),
    reason: trimmedText(1000),
    email: z.optional(email),
  },
  'report',
);
