import type { core } from 'zod/mini';
import * as z from 'zod/mini';
import packageJson from '../package.json' with { type: 'json' };
import { csvLine } from './http/csv-answer.js';
import { bodyFieldsOf } from './http/validation.js';
import { parameterExamples, recordExamples, requestExamples, shortCodeExample } from './openapi-examples.js';
import {
  accessKeyRecord,
  blockedHostRecord,
  errorBody,
  eventRecord,
  healthStatus,
  importCount,
  importProgressRecord,
  linkFactsRecord,
  linkResults,
  linkStats,
  listedReportRecord,
  metricsReport,
  newAccessKey,
  openApiDocument,
  operatorKeyRecord,
  reportRecord,
  urlRecord,
  userRecord,
  userStats,
  validationErrorBody,
} from './record-schemas.js';
import { type HttpMethod, type RouteDefinition, routes } from './routes.js';
import { documentedJsonSchemas } from './schemas/documented-json-schema.js';
import {
  booleanWords,
  createEventBody,
  createLinksBody,
  createOwnUrlBody,
  createReportBody,
  createUrlBody,
  createUserBody,
  createUserKeyBody,
  hostPath,
  idPath,
  importPath,
  keyPath,
  listEventsCsvQuery,
  listEventsQuery,
  listUrlsCsvQuery,
  listUrlsQuery,
  listUsersQuery,
  referenceFilePath,
  renameUserBody,
  shortCodePath,
  shortLinkPath,
  statsPageQuery,
  statsQuery,
  updateUrlBody,
  userKeyPath,
} from './schemas.js';
import type { AuthMode } from './service-config.js';
import { MAX_ACTIVE_KEYS } from './store/access-keys.js';

/**
 * The OpenAPI 3.1 description of the API, generated from the route table and from the zod schemas the
 * handlers validate with. What zod cannot say (summaries, success statuses, which business errors a route
 * has) is in `operations`, one entry per route; a route without an entry, or an entry without a route,
 * stops the build, so the description cannot drift from `routes.ts`.
 */

type JsonSchema = core.JSONSchema.JSONSchema;
type Ref = { $ref: string };

interface Parameter {
  name: string;
  in: 'query' | 'path' | 'header';
  required: boolean;
  description: string;
  schema: JsonSchema;
  example?: unknown;
}

interface Header {
  description: string;
  required?: boolean;
  schema: JsonSchema;
}

interface Response {
  description: string;
  headers?: Record<string, Header | Ref>;
  content?: Record<string, { schema: JsonSchema }>;
}

interface Operation {
  security?: { bearer: string[] }[];
  operationId: string;
  tags: string[];
  summary: string;
  description?: string;
  parameters?: Parameter[];
  requestBody?: { required: true; content: Record<string, { schema: JsonSchema; example?: unknown }> };
  responses: Record<string, Response | Ref>;
}

export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string; license: { name: string; identifier: string } };
  servers: { url: string; description: string }[];
  security: [];
  tags: { name: string; description: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: {
    schemas: Record<string, JsonSchema>;
    responses: Record<string, Response>;
    securitySchemes?: Record<string, { type: 'http'; scheme: 'bearer'; description: string }>;
    headers: Record<string, Header>;
  };
}

function jsonSchema(schema: core.$ZodType, io: 'input' | 'output'): JsonSchema {
  const generated: JsonSchema = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
    target: 'draft-2020-12',
    // What zod cannot say from the checks (lengths after trimming, integers carried as text) is written
    // beside the schema in shared/schemas/ (`documentedAs`).
    override: ({ zodSchema, jsonSchema: generatedPart }) => {
      const documented = documentedJsonSchemas.get(zodSchema);
      if (!documented) return;
      const part = generatedPart as Record<string, unknown>;
      if (documented.mode === 'replace') {
        // A default or description comes from the wrapping schema, not from the checks being replaced.
        for (const key of Object.keys(part)) if (key !== 'default' && key !== 'description') delete part[key];
      }
      Object.assign(part, io === 'input' ? documented.input : documented.output);
    },
  });
  // OpenAPI 3.1 schemas are 2020-12 already; a `$schema` in every one of them would only be noise.
  delete generated.$schema;
  return generated;
}

/** The schemas of what the API answers, published once under `components.schemas` and referenced. */
const recordSchemas = {
  User: userRecord,
  Url: urlRecord,
  Event: eventRecord,
  LinkStats: linkStats,
  UserStats: userStats,
  Health: healthStatus,
  ImportCount: importCount,
  ImportProgress: importProgressRecord,
  LinkResults: linkResults,
  AccessKey: accessKeyRecord,
  OperatorKey: operatorKeyRecord,
  LinkFacts: linkFactsRecord,
  BlockedHost: blockedHostRecord,
  Report: reportRecord,
  ListedReport: listedReportRecord,
  NewAccessKey: newAccessKey,
  Metrics: metricsReport,
  OpenApiDocument: openApiDocument,
  Error: errorBody,
  ValidationError: validationErrorBody,
} satisfies Record<string, core.$ZodType>;

type RecordName = keyof typeof recordSchemas;

const schemaRef = (name: RecordName): Ref => ({ $ref: `#/components/schemas/${name}` });
const responseRef = (name: keyof typeof errorResponses): Ref => ({ $ref: `#/components/responses/${name}` });
const requestIdHeader = { 'X-Request-Id': { $ref: '#/components/headers/RequestId' } };

const errorResponse = (description: string, body: RecordName = 'Error'): Response => ({
  description,
  headers: requestIdHeader,
  content: { 'application/json': { schema: schemaRef(body) } },
});

/**
 * A 503 or 429: the client may send the request again after `Retry-After` seconds; nothing was half-done. The
 * header is optional where not every sender of the answer sets it.
 */
function overloadResponse(description: string, retryAfterAlways = true): Response {
  return {
    ...errorResponse(description),
    headers: {
      ...requestIdHeader,
      'Retry-After': {
        description: 'Seconds to wait before sending the request again',
        required: retryAfterAlways,
        schema: { type: 'string', pattern: '^[0-9]+$' },
      },
    },
  };
}

/** Errors that are not a route's own business: validation, size, the gateway's and the unexpected. */
const errorResponses = {
  ValidationFailed: errorResponse(
    'The request does not fit its schema; every wrong field is listed with its loc, msg and type',
    'ValidationError',
  ),
  PayloadTooLarge: errorResponse('The request body, or the uploaded CSV (at most 4 MiB), is too large'),
  MethodNotAllowed: {
    ...errorResponse('The path exists, but not with this method: {"detail": "Method Not Allowed"}'),
    headers: {
      ...requestIdHeader,
      Allow: { description: 'The methods the path has', required: true, schema: { type: 'string' } },
    },
  },
  // The abuse controls' per-client limits say when to come back; API Gateway's stage throttling does not.
  TooManyRequests: overloadResponse(
    'Throttled: {"detail": "Too Many Requests"}; past a per-client limit (link creations, reports), with Retry-After',
    false,
  ),
  HeadersTooLarge: errorResponse(
    'The URL or the headers are too large: {"detail": "Request header fields or URL too large"}',
  ),
  InternalServerError: errorResponse('An unexpected failure: {"detail": "Internal Server Error"}, no internals'),
  BadGateway: errorResponse('The function could not be run: {"detail": "Bad Gateway"}'),
  GatewayTimeout: errorResponse('Out of time: {"detail": "Request timed out"} or "Endpoint request timed out"'),
  Overloaded: overloadResponse(
    'The database is busy with this key past its retries: {"detail": "Service temporarily overloaded"}',
  ),
  ValidationFailedOrKeyReused: {
    description:
      'The request does not fit its schema (every wrong field listed with its loc, msg and type); or its ' +
      'Idempotency-Key was used before with another request: {"detail": "Idempotency key reused with another request"}',
    headers: requestIdHeader,
    content: {
      'application/json': { schema: { oneOf: [schemaRef('ValidationError'), schemaRef('Error')] } as JsonSchema },
    },
  },
  NotAuthenticated: {
    ...errorResponse(
      'No key, or a key that is malformed, unknown, revoked or expired: {"detail": "Not authenticated"}',
    ),
    headers: {
      ...requestIdHeader,
      'WWW-Authenticate': { description: 'How to authenticate: Bearer', required: true, schema: { type: 'string' } },
    },
  },
  NotAllowed: errorResponse('A valid key asking for what it may not do: {"detail": "Not allowed"}'),
  IdempotentRequestInProgress: errorResponse(
    'A request with this Idempotency-Key is still running: {"detail": "Request with this idempotency key is in progress"}; send it again in a moment',
  ),
} satisfies Record<string, Response>;

/** The header that makes a POST safe to send again (docs/decisions.md, "Idempotent requests"). */
const idempotencyKeyParameter: Parameter = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  description:
    'Makes the request safe to send again: the same key with the same request within 24 hours gets the first ' +
    "answer's status and body and does nothing more. Send it when a retry must not create a second record: " +
    'an answer of 503, or no answer at all, may mean the request was carried out. Without it, a retry after ' +
    'such an answer may create the record twice.',
  schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x20-\\x7E]+$' },
};

/** What an idempotent route's 503 adds to its description. */
const retryAfterUnavailable =
  ' A 503 may come after the request was carried out: send it again with the same Idempotency-Key to get its answer without doing it twice.';

/** Every operation may answer these, whatever its inputs. */
const commonErrors = {
  405: responseRef('MethodNotAllowed'),
  431: responseRef('HeadersTooLarge'),
  429: responseRef('TooManyRequests'),
  500: responseRef('InternalServerError'),
  502: responseRef('BadGateway'),
  504: responseRef('GatewayTimeout'),
};

type BusinessErrorStatus = 400 | 404 | 410 | 422 | 503;

type Success =
  | {
      status: 200 | 201 | 207;
      description: string;
      record: RecordName;
      list?: true;
      /** Also answered as CSV (`Accept: text/csv`), with these query bounds. */
      csv?: { query: z.ZodMiniObject };
    }
  | { status: 200; description: string; files: string[]; json?: RecordName }
  | { status: 204 | 302; description: string };

interface PathInput {
  schema: z.ZodMiniObject;
  /** What each path parameter names on this route; the schema says only what it looks like. */
  meanings: Record<string, string>;
  /** Values to show in the reference, where they differ from `parameterExamples`. */
  examples?: Record<string, unknown>;
}

interface OperationEntry {
  summary: string;
  description?: string;
  body?: { mediaType: 'application/json' | 'multipart/form-data'; schema: core.$ZodType };
  query?: z.ZodMiniObject;
  path?: PathInput;
  success: Success;
  /** A 202 besides the success: the request goes on without the client, followed at its `Location`. */
  accepted?: { description: string; record: RecordName };
  /** The route's own failures, with the detail texts it answers them with. */
  errors?: Partial<Record<BusinessErrorStatus, string>>;
  /** The body in keys mode, when it differs. */
  keysModeBody?: OperationEntry['body'];
  /** Its own errors are a small HTML page for a browser (Accept preferring text/html), JSON otherwise. */
  pagesForPeople?: true;
}

const json = (schema: core.$ZodType) => ({ mediaType: 'application/json', schema }) as const;

/** POST /users/bulk reads its CSV itself (shared/http/multipart.ts), so this schema exists for the description. */
const userCsvUpload = z.object({
  file: z
    .file()
    .check(
      z.describe(
        'A CSV whose file name ends in .csv, UTF-8, with username and email columns (an id column allows ' +
          'repeated usernames); at most 4 MiB',
      ),
    ),
});

const userId: PathInput = { schema: idPath, meanings: { id: "The user's id." } };
const urlId: PathInput = { schema: idPath, meanings: { id: "The URL's id." } };
const blockedHostPath: PathInput = {
  schema: hostPath,
  meanings: {
    host:
      'A host name (its subdomains are blocked with it), an IP address (IPv6 with or without brackets) or a CIDR ' +
      'range (`10.0.0.0%2F8`, its `/` percent-encoded). Compared canonical: lower case, IDNA, without trailing ' +
      'dots; an IPv6 address that embeds an IPv4 address is that IPv4 address.',
  },
  examples: { host: 'phishing.example' },
};
const shortCode: PathInput = {
  schema: shortCodePath,
  meanings: { id: "The URL's short code." },
  examples: { id: shortCodeExample },
};

/** What the list filters and windows mean; the schemas give their types and bounds. */
const queryMeanings: Record<string, string> = {
  page: 'Page to return, counted from 1.',
  per_page: 'Users per page.',
  skip: 'Records to pass over, in id order.',
  limit: 'Most records to return.',
  user_id: 'Only records of this user.',
  url_id: 'Only events of this URL.',
  is_active: `Only active (true) or only inactive (false) URLs; ${booleanWords.join(', ')}, in any case.`,
  event_type: 'Only events of this type.',
  cursor: 'The cursor of a previous answer\'s `Link: <...>; rel="next"` header: the list resumes after its last item.',
  from:
    'Start of the range: a date (2026-11-01) or a UTC timestamp (2026-11-01T10:00:00), widened to the start of ' +
    'its interval. Default: 7 days (168 hours) before `to`.',
  to:
    'End of the range, exclusive, in the same forms, widened to the end of its interval. Default: the end of the ' +
    'current interval. At most 400 days or 744 hours from `from`.',
  interval: 'The length of each entry of `series`.',
  part: "`link`: not the page but the link's id and facts, for the page's script.",
};

const statsErrors = 'widened to whole intervals; `series` has one entry per interval, zeros included';

/** The route table's operations, keyed `${method} ${path}` as in `routes.ts`. */
/** A script or stylesheet a page of the service loads from the service itself. */
const pageFile = (page: string, files: string, example: string): OperationEntry => ({
  summary: `A script or stylesheet of ${page}`,
  path: { schema: referenceFilePath, meanings: { file: files }, examples: { file: example } },
  success: { status: 200, description: 'The file', files: ['text/css', 'text/javascript'] },
  errors: { 404: 'Not Found' },
});

const operations: Record<string, OperationEntry> = {
  'GET /health': {
    summary: 'Liveness check',
    success: { status: 200, description: 'The service is up', record: 'Health' },
  },
  'GET /metrics/json': {
    summary: 'Request counters and process figures',
    description: 'Of the instance that answers: locally the whole service, in AWS one function instance.',
    success: { status: 200, description: 'The counters', record: 'Metrics' },
  },
  'GET /openapi.json': {
    summary: 'This description of the API',
    success: { status: 200, description: 'The OpenAPI 3.1 document', record: 'OpenApiDocument' },
  },
  'GET /docs': {
    summary: 'The API reference page',
    description: 'Swagger UI over this description; every file it loads is served by the service itself.',
    success: { status: 200, description: 'The page', files: ['text/html'] },
  },
  'GET /stats-page/{file}': pageFile(
    'the statistics page',
    'stats-page.js, stats-page.css, uPlot.esm.js or uPlot.min.css.',
    'stats-page.css',
  ),
  'GET /': {
    summary: 'The home page',
    description:
      'The page people manage their links on, for a browser: a request whose `Accept` prefers `text/html` to ' +
      'JSON. Every other client gets `404 {"detail": "Not Found"}`. The page calls this API like any client; in ' +
      'keys mode it asks for a key and keeps it in the browser tab only.',
    success: { status: 200, description: 'The page', files: ['text/html'] },
    errors: { 404: 'Not Found (not a browser)' },
  },
  'GET /home-page/{file}': pageFile('the home page', 'home-page.js or home-page.css.', 'home-page.css'),
  'GET /docs/{file}': pageFile(
    'the API reference page',
    'swagger-ui.css, swagger-ui-bundle.js or swagger-initializer.js.',
    'swagger-ui.css',
  ),

  'POST /users': {
    summary: 'Create a user',
    description: 'The email is stored lower-cased; usernames and emails are unique, compared case-insensitively.',
    body: json(createUserBody),
    success: { status: 201, description: 'The new user', record: 'User' },
    errors: { 400: 'Email already registered, or Username already registered' },
  },
  'POST /users/bulk': {
    summary: 'Import users from a CSV file',
    description:
      'Rows with an empty or invalid username or email, or an email (or, without an id column, a username) ' +
      'already registered, are skipped and not counted. Ids in the file are not used.',
    body: { mediaType: 'multipart/form-data', schema: userCsvUpload },
    success: { status: 200, description: 'How many users were stored', record: 'ImportCount' },
    accepted: {
      description:
        'The file is read and the import goes on without the client (it did not finish within the request): ' +
        'follow it at `Location`, GET /imports/{id}',
      record: 'ImportProgress',
    },
    errors: {
      400:
        'Only CSV files allowed; CSV must be UTF-8 encoded; CSV must include username and email columns; ' +
        'Malformed CSV data (nothing from the file is imported)',
      503: 'The import could not be handed on; the detail says how many rows were stored, and uploading the file again imports the rest',
    },
  },
  'GET /imports/{id}': {
    summary: 'Follow a bulk import',
    description:
      'An import that POST /users/bulk answered with 202: `running` with its counts so far, then `done` with the ' +
      'rows skipped (as the 200 of POST /users/bulk), or `failed` with why. Kept for 7 days.',
    path: {
      schema: importPath,
      meanings: { id: "The import's id (`import_id`)." },
      examples: { id: '0f8fad5b-d9cb-469f-a165-70867728950e' },
    },
    success: { status: 200, description: 'The import', record: 'ImportProgress' },
    errors: { 404: 'Import not found' },
  },
  'GET /users': {
    summary: 'List users',
    query: listUsersQuery,
    success: { status: 200, description: 'Users in id order', record: 'User', list: true },
  },
  'GET /users/{id}': {
    summary: 'Get a user',
    path: userId,
    success: { status: 200, description: 'The user', record: 'User' },
    errors: { 404: 'User not found' },
  },
  'GET /users/{id}/stats': {
    summary: "Statistics of a user's links",
    description: `The clicks of all of the user's links (not those deleted since) over a range, ${statsErrors}, and its top links.`,
    path: userId,
    query: statsQuery,
    success: { status: 200, description: 'The statistics', record: 'UserStats' },
    errors: { 404: 'User not found' },
  },
  'PUT /users/{id}': {
    summary: 'Rename a user',
    path: userId,
    body: json(renameUserBody),
    success: { status: 200, description: 'The renamed user', record: 'User' },
    errors: { 400: 'Username already registered', 404: 'User not found' },
  },
  'DELETE /users/{id}': {
    summary: 'Delete a user, its URLs, its keys and every related event',
    path: userId,
    success: { status: 204, description: 'Deleted' },
    errors: { 404: 'User not found' },
  },
  'POST /users/{id}/keys': {
    summary: 'Make an access key for a user',
    description:
      'The key is in this answer only: it is stored as a hash. Send it as `Authorization: Bearer <key>` once ' +
      'the service runs with AUTH_MODE=keys (keys can be made before the switch; in open mode no route needs one). ' +
      `A user holds at most ${MAX_ACTIVE_KEYS} keys that are neither revoked nor expired.`,
    path: userId,
    body: json(createUserKeyBody),
    success: { status: 201, description: 'The new key, with the key itself', record: 'NewAccessKey' },
    errors: {
      404: 'User not found',
      422: 'Too many keys',
    },
  },
  'GET /users/{id}/keys': {
    summary: "List a user's access keys",
    description:
      'Each with its first 8 characters and the key that made it; the keys themselves are never shown again.',
    path: userId,
    query: listUsersQuery,
    success: { status: 200, description: "A page of the user's keys by id", record: 'AccessKey', list: true },
    errors: { 404: 'User not found' },
  },
  'DELETE /users/{id}/keys/{key_id}': {
    summary: 'Revoke an access key',
    description: 'The key, and every key it made (and they made), stop working within a second.',
    path: {
      schema: userKeyPath,
      meanings: { id: "The user's id.", key_id: "The key's id (from GET /users/{id}/keys)." },
    },
    success: { status: 204, description: 'Revoked' },
    errors: { 404: 'User not found, or Key not found' },
  },
  'GET /keys': {
    summary: 'List the operator keys',
    description: 'Operator keys only; the keys themselves are never shown again.',
    query: listUsersQuery,
    success: { status: 200, description: 'A page of the operator keys by id', record: 'OperatorKey', list: true },
  },
  'DELETE /keys/{key_id}': {
    summary: 'Revoke any access key',
    description: "An operator's, or a user's with every key it made; it stops working within a second.",
    path: { schema: keyPath, meanings: { key_id: "The key's id (from GET /keys or GET /users/{id}/keys)." } },
    success: { status: 204, description: 'Revoked' },
    errors: { 404: 'Key not found' },
  },

  'POST /urls': {
    summary: 'Create a short URL',
    description:
      'Under the chosen `short_code` (3-64 letters, digits, `_` and `-`, case-sensitive; not one of the ' +
      "service's own first path segments), or a generated unique 6-character code. `expires_at` and " +
      '`max_clicks` (redirected clicks) make the link expire; it then redirects to `expired_url`, or answers ' +
      '410 "Link expired". `forward_query` appends the short link\'s query string to the target\'s. Emits a ' +
      '`created` event asynchronously.',
    body: json(createUrlBody),
    keysModeBody: json(createOwnUrlBody),
    success: { status: 201, description: 'The new URL', record: 'Url' },
    errors: {
      400: 'Short code already in use',
      404: 'User not found (the owner)',
      503: 'Unable to generate a unique short code',
    },
  },
  'POST /urls/bulk': {
    summary: 'Create up to 1,000 short URLs',
    description:
      'Each link is the body of POST /urls and is created or refused on its own, with the status and the error ' +
      'POST /urls would give it (a 422 `loc` names the field in that link). The answer is 207 with one result ' +
      'per link, in order. A link not tried before the request ran out of time is a 503 of its own: send it ' +
      'again. Each link counts against the link-creation rate limit. Emits a `created` event for each link made.',
    body: json(createLinksBody),
    success: { status: 207, description: 'One result per link, in order', record: 'LinkResults' },
  },
  'GET /urls': {
    summary: 'List URLs',
    query: listUrlsQuery,
    success: {
      status: 200,
      description: 'URLs in id order',
      record: 'Url',
      list: true,
      csv: { query: listUrlsCsvQuery },
    },
  },
  'GET /urls/{id}': {
    summary: 'Get an active URL',
    description: 'Emits an `accessed` event asynchronously.',
    path: urlId,
    success: { status: 200, description: 'The URL', record: 'Url' },
    errors: { 404: 'URL not found (also when inactive)' },
  },
  'GET /urls/{id}/redirect': {
    summary: 'Follow a short link',
    description:
      'Emits a `click` event asynchronously, with the referrer and user agent when the request has them ' +
      '(HEAD answers the same without a click). The path parameter is the short code; API Gateway allows one ' +
      'parameter name per path level. An expired link redirects to its `expired_url` or answers 410, records ' +
      "no click, and records one `expired` event. With `forward_query`, the request's query string follows the " +
      "target's own parameters.",
    path: shortCode,
    success: { status: 302, description: 'Redirect to the original URL (or, expired, to expired_url)' },
    errors: {
      404: 'URL not found (also when inactive)',
      410: 'Link expired (and no expired_url), or Link disabled (its host is blocked)',
    },
    pagesForPeople: true,
  },
  'GET /urls/{id}/stats': {
    summary: "Statistics of a link's clicks",
    description: `Clicks, humans and bots, unique visitors and top lists over a range, ${statsErrors}. Active or not; a deleted link's statistics are gone with it.`,
    path: urlId,
    query: statsQuery,
    success: { status: 200, description: 'The statistics', record: 'LinkStats' },
    errors: { 404: 'URL not found' },
  },
  'GET /urls/{id}/qr': {
    summary: 'QR code of a short link',
    description: 'An SVG image of the short link (`https://<domain>/<code>`), active or not.',
    path: urlId,
    success: { status: 200, description: 'The image', files: ['image/svg+xml'] },
    errors: { 404: 'URL not found' },
  },
  'GET /urls/{id}/stats-page': {
    summary: "A link's statistics page",
    description:
      'The page people read: the link, its QR code, a chart and table of its clicks, its top lists, for a range ' +
      'they pick. The path parameter is the short code; shared as `/{code}+`. In keys mode the page is a shell, ' +
      'open to anyone and the same for every code: it shows nothing of the link until a key is given, then its ' +
      'script asks for `part=link` with that key (JSON `{"url_id", "facts"}`, `facts` the HTML of its title, ' +
      'target, state and limits), which needs a key that may see the link.',
    path: shortCode,
    query: statsPageQuery,
    success: {
      status: 200,
      description: 'The page; with `part=link`, what the key may see of the link',
      files: ['text/html', 'application/json'],
      json: 'LinkFacts',
    },
    errors: { 404: 'URL not found' },
    pagesForPeople: true,
  },
  'PUT /urls/{id}': {
    summary: 'Update a URL',
    description:
      'At least one field. An inactive URL can be updated, for example reactivated; its target can be changed ' +
      '(earlier events keep the target they were recorded with); `null` clears `title`, `expires_at`, ' +
      '`max_clicks` and `expired_url`. New limits make an expired link live again unless they are already ' +
      'reached. The short code never changes. Emits an `updated` event asynchronously.',
    path: urlId,
    body: json(updateUrlBody),
    success: { status: 200, description: 'The updated URL', record: 'Url' },
    errors: { 404: 'URL not found' },
  },
  'DELETE /urls/{id}': {
    summary: 'Delete a URL and its events',
    path: urlId,
    success: { status: 204, description: 'Deleted' },
    errors: { 404: 'URL not found' },
  },

  'POST /events': {
    summary: 'Record an event',
    description: 'Synchronous, unlike the automatic events; any event_type of 1-100 characters.',
    body: json(createEventBody),
    success: { status: 201, description: 'The new event', record: 'Event' },
    errors: { 404: 'User not found, or URL not found' },
  },
  'GET /events': {
    summary: 'List events',
    query: listEventsQuery,
    success: {
      status: 200,
      description: 'Events in id order',
      record: 'Event',
      list: true,
      csv: { query: listEventsCsvQuery },
    },
  },

  'PUT /blocked-hosts/{host}': {
    summary: 'Block a host',
    description:
      'Links to it and to its subdomains (compared case-insensitively, after IDNA conversion, without a trailing ' +
      'dot) can no longer be made, and existing ones answer 410 "Link disabled" within 10 seconds.',
    path: blockedHostPath,
    success: { status: 204, description: 'Blocked (already blocked: the same)' },
  },
  'DELETE /blocked-hosts/{host}': {
    summary: 'Unblock a host',
    description: 'Its links redirect again within 10 seconds.',
    path: blockedHostPath,
    success: { status: 204, description: 'Unblocked' },
    errors: { 404: 'Host not blocked' },
  },
  'GET /blocked-hosts': {
    summary: 'List the blocked hosts',
    success: { status: 200, description: 'The blocked hosts, by name', record: 'BlockedHost', list: true },
  },
  'POST /reports': {
    summary: 'Report a short link',
    description: 'Open to anyone: phishing, spam, malware... The operator reads the reports (GET /reports).',
    body: json(createReportBody),
    success: { status: 201, description: 'The report', record: 'Report' },
    errors: { 404: 'URL not found' },
  },
  'GET /reports': {
    summary: 'List the reports',
    query: listUsersQuery,
    success: { status: 200, description: 'Reports, newest first', record: 'ListedReport', list: true },
  },
};

/**
 * Paths the edge answers before the API: CloudFront's viewer-request function (and the local gateway, which
 * runs the same code) rewrites them to a route, so they are not in the route table but are part of the API.
 */
const edgeOperations: Record<string, { rewrittenTo: string; operationId: string; entry: OperationEntry }> = {
  'GET /{code}': {
    rewrittenTo: 'GET /urls/{id}/redirect',
    operationId: 'followShortLink',
    entry: {
      summary: 'Follow a short link, in its short form',
      description:
        'The link as it is shared: `/<code>` for a code of 3-64 letters, digits, `_` and `-`, the same as ' +
        '`GET /urls/{code}/redirect` (a click is recorded; HEAD records none). Paths of the API are never codes.',
      path: { schema: shortLinkPath, meanings: { code: "The URL's short code." } },
      success: { status: 302, description: 'Redirect to the original URL (or, expired, to expired_url)' },
      errors: {
        404: 'URL not found (also when inactive); Not Found for a path that is not a code',
        410: 'Link expired (and no expired_url), or Link disabled (its host is blocked)',
      },
      pagesForPeople: true,
    },
  },
  'GET /{code}+': {
    rewrittenTo: 'GET /urls/{id}/stats-page',
    operationId: 'showStatsPage',
    entry: {
      summary: "A link's statistics page, in its short form",
      description:
        "The short link with a `+` appended (Bitly's convention): the same as `GET /urls/{code}/stats-page`.",
      path: { schema: shortLinkPath, meanings: { code: "The URL's short code." } },
      success: { status: 200, description: 'The page', files: ['text/html'] },
      errors: { 404: 'URL not found; Not Found for a path that is not a code' },
      pagesForPeople: true,
    },
  },
};

/**
 * A request body's schema: its inputs, the fields of its record that it ignores (a client may send back a record
 * it read), and nothing else (docs/decisions.md, "Hardening": any other field is a 422 "Unknown field").
 */
function requestBodySchema(schema: core.$ZodType): JsonSchema {
  const accepted = jsonSchema(schema, 'input');
  const fields = bodyFieldsOf(schema);
  if (!fields) return accepted;
  const ignored = { readOnly: true, description: 'A field of the record: ignored here' };
  return {
    ...accepted,
    properties: {
      ...accepted.properties,
      ...Object.fromEntries(fields.ignored.map((name) => [name, ignored])),
    },
    additionalProperties: false,
  };
}

const asObject = (schema: core.JSONSchema._JSONSchema | undefined): JsonSchema =>
  typeof schema === 'object' ? schema : {};

/** Query and path parameters: the JSON Schema of what each accepts (integers as integers, with their bounds). */
function parameters(
  location: Parameter['in'],
  schema: z.ZodMiniObject,
  meanings: Record<string, string>,
  examples: Record<string, unknown> = {},
) {
  const accepted = jsonSchema(schema, 'input');
  // zod writes a default only into the output schema: it is what an absent parameter becomes.
  const parsed = jsonSchema(schema, 'output');
  return Object.entries(accepted.properties ?? {}).map(([name, property]): Parameter => {
    const fallback = asObject(parsed.properties?.[name]).default;
    return {
      name,
      in: location,
      required: location === 'path' || (accepted.required ?? []).includes(name),
      description: meanings[name] ?? '',
      schema: { ...asObject(property), ...(fallback !== undefined && { default: fallback }) },
      ...((examples[name] ?? parameterExamples[name]) !== undefined && {
        example: examples[name] ?? parameterExamples[name],
      }),
    };
  });
}

function acceptedResponse(accepted: NonNullable<OperationEntry['accepted']>): Response {
  return {
    description: accepted.description,
    headers: {
      ...requestIdHeader,
      Location: {
        description: 'Where to follow it (its `status_url`)',
        required: true,
        schema: { type: 'string', format: 'uri' },
      },
    },
    content: { 'application/json': { schema: schemaRef(accepted.record) } },
  };
}

/**
 * A route's query parameters. One that answers CSV too has one schema per parameter for both answers, so a
 * bound the two set apart (a CSV page's `limit`) is widened to accept either, and its description gives each.
 */
function queryParameters(query: z.ZodMiniObject, csv: { query: z.ZodMiniObject } | undefined): Parameter[] {
  const asJson = parameters('query', query, queryMeanings);
  if (!csv) return asJson;
  const asCsv = parameters('query', csv.query, queryMeanings);
  const figure = (value: unknown) => Number(value).toLocaleString('en-US');
  const bounds = (schema: JsonSchema) =>
    `${figure(schema.minimum)}-${figure(schema.maximum)}, default ${figure(schema.default)}`;
  return asJson.map((parameter) => {
    const other = asCsv.find(({ name }) => name === parameter.name);
    if (!other || JSON.stringify(other.schema) === JSON.stringify(parameter.schema)) return parameter;
    return {
      ...parameter,
      description:
        `${parameter.description} As JSON ${bounds(parameter.schema)}; ` +
        `as CSV (\`Accept: text/csv\`) ${bounds(other.schema)}.`,
      schema: {
        ...parameter.schema,
        maximum: Math.max(Number(parameter.schema.maximum), Number(other.schema.maximum)),
      },
    };
  });
}

function successResponse(success: Success): Response {
  switch (success.status) {
    case 204:
      return { description: success.description, headers: requestIdHeader };
    case 302:
      return {
        description: success.description,
        headers: {
          ...requestIdHeader,
          Location: {
            description:
              'The original URL: as stored when it is printable ASCII without spaces, otherwise its standard ' +
              'ASCII serialization (punycode host, percent-encoded path, query and fragment)',
            required: true,
            schema: { type: 'string', pattern: '^[\\x21-\\x7E]+$' },
          },
        },
      };
    default: {
      if ('files' in success) {
        return {
          description: success.description,
          headers: requestIdHeader,
          content: Object.fromEntries(
            success.files.map((type) => [
              type,
              { schema: type === 'application/json' && success.json ? schemaRef(success.json) : { type: 'string' } },
            ]),
          ),
        };
      }
      const record = schemaRef(success.record);
      const example = recordExamples[success.record];
      return {
        description: success.description,
        headers: success.list
          ? { ...requestIdHeader, Link: { $ref: '#/components/headers/NextPage' } }
          : requestIdHeader,
        content: {
          'application/json': {
            schema: success.list ? { type: 'array', items: record } : record,
            ...(example !== undefined && { example: success.list ? [example] : example }),
          },
          ...(success.csv && {
            'text/csv': {
              schema: {
                type: 'string',
                description:
                  `With \`Accept: text/csv\` (rated above JSON): a header line of the ${success.record} record's ` +
                  'keys in its order, then one line per record; RFC 4180 quoting, CRLF line ends, a nested ' +
                  "value (an event's `details`) as its JSON text, null as an empty field. A page whose CSV " +
                  'would pass 5 MiB ends early, with its Link to the rest.',
              },
              ...(typeof example === 'object' &&
                example !== null && {
                  example: csvLine(Object.keys(example)) + csvLine(Object.values(example)),
                }),
            },
          }),
        },
      };
    }
  }
}

/** `functions/users/create-user.ts` → `createUser`, tagged `users`: the handler already names the operation. */
function operationNames(route: RouteDefinition): { operationId: string; tag: string } {
  const [, folder = '', file = ''] = route.handler.split('/');
  const operationId = file.replace(/\.ts$/, '').replace(/-(\w)/g, (_, letter: string) => letter.toUpperCase());
  return { operationId, tag: folder };
}

function toOperation(
  route: Pick<RouteDefinition, 'method' | 'path'>,
  entry: OperationEntry,
  names: { operationId: string; tag: string; touchesTable: boolean; idempotent?: boolean },
): Operation {
  const routeParameters = [...route.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
  const parameterList = [
    ...(entry.path ? parameters('path', entry.path.schema, entry.path.meanings, entry.path.examples) : []),
    ...(entry.query ? queryParameters(entry.query, 'csv' in entry.success ? entry.success.csv : undefined) : []),
    ...(names.idempotent ? [idempotencyKeyParameter] : []),
  ];
  const pathParameters = parameterList.filter((parameter) => parameter.in === 'path').map(({ name }) => name);
  if (pathParameters.join() !== routeParameters.join()) {
    throw new Error(
      `${routeKey(route)}: the path schema has {${pathParameters.join('}, {')}}, the path has other parameters`,
    );
  }
  const { operationId, tag } = names;
  const { 503: unavailable, 422: refused, ...ownErrors } = entry.errors ?? {};
  const businessErrors = Object.entries(ownErrors).map(([status, detail]) => {
    const response = errorResponse(detail);
    if (!entry.pagesForPeople) return [status, response];
    const page = { schema: { type: 'string', description: 'A small page saying the same, for a browser' } };
    return [status, { ...response, content: { ...response.content, 'text/html': page } }];
  });
  // Whatever reads or writes the table can meet a throttled partition (503, Retry-After); a route's own 503
  // (no free short code, an import cut short) answers the same way.
  const retry = names.idempotent ? retryAfterUnavailable : '';
  const serviceUnavailable = unavailable
    ? {
        503: overloadResponse(
          `${unavailable}; or, when the database stays busy, Service temporarily overloaded.${retry}`,
        ),
      }
    : names.idempotent
      ? { 503: overloadResponse(`The database is busy past its retries: Service temporarily overloaded.${retry}`) }
      : names.touchesTable
        ? { 503: responseRef('Overloaded') }
        : {};
  const invalid = refused
    ? validationOr(refused)
    : names.idempotent
      ? responseRef('ValidationFailedOrKeyReused')
      : responseRef('ValidationFailed');
  return {
    operationId,
    tags: [tag],
    summary: entry.summary,
    ...(entry.description && { description: entry.description }),
    ...(parameterList.length > 0 && { parameters: parameterList }),
    ...(entry.body && {
      requestBody: {
        required: true,
        content: {
          [entry.body.mediaType]: {
            schema: requestBodySchema(entry.body.schema),
            ...(requestExamples[routeKey(route)] !== undefined && { example: requestExamples[routeKey(route)] }),
          },
        },
      },
    }),
    // Integer-like keys: the object lists the statuses in ascending order whatever the insertion order.
    responses: {
      [entry.success.status]: successResponse(entry.success),
      ...(entry.accepted && { 202: acceptedResponse(entry.accepted) }),
      ...Object.fromEntries(businessErrors),
      ...serviceUnavailable,
      ...(names.idempotent && { 409: responseRef('IdempotentRequestInProgress') }),
      ...(parameterList.length > 0 || entry.body || refused ? { 422: invalid } : {}),
      ...(entry.body && { 413: responseRef('PayloadTooLarge') }),
      ...commonErrors,
    },
  };
}

/** A 422 that is either a validation failure or the route's own refusal, with a string detail. */
function validationOr(refusal: string): Response {
  return {
    description:
      'The request does not fit its schema (every wrong field listed with its loc, msg and type); or ' +
      `{"detail": "${refusal}"}`,
    headers: requestIdHeader,
    content: {
      'application/json': { schema: { oneOf: [schemaRef('ValidationError'), schemaRef('Error')] } as JsonSchema },
    },
  };
}

/**
 * An operation as keys mode describes it: the bearer key it needs (none for open routes), and its 401 and 403.
 */
function withSecurity(operation: Operation, access: RouteDefinition['access']): Operation {
  if (access === 'open') return operation;
  return {
    ...operation,
    description: [
      operation.description,
      access === 'operator'
        ? 'Needs an operator key.'
        : "Needs a key: a user key acts as its user (another user's records are not found), an operator key may do everything.",
    ]
      .filter(Boolean)
      .join(' '),
    security: [{ bearer: [] }],
    responses: {
      ...operation.responses,
      401: responseRef('NotAuthenticated'),
      403: responseRef('NotAllowed'),
    },
  };
}

/** HEAD of a GET route: the same answers, headers only (the same function serves it, without side effects). */
function headOperation(get: Operation): Operation {
  const responses = Object.fromEntries(
    Object.entries(get.responses).map(([status, response]) => {
      const named = '$ref' in response ? response.$ref.split('/').at(-1) : undefined;
      const full = named ? errorResponses[named as keyof typeof errorResponses] : (response as Response);
      const { content: _, ...headersOnly } = full;
      return [status, headersOnly];
    }),
  );
  return {
    ...get,
    operationId: `${get.operationId}Head`,
    summary: `${get.summary} (headers only)`,
    description: 'The answer of the GET without its body. Emits no event.',
    responses,
  };
}

const routeKey = (route: Pick<RouteDefinition, 'method' | 'path'>) => `${route.method} ${route.path}`;

/**
 * Builds the whole document from the route table (`routes.ts`'s unless a test passes another); throws when
 * `operations` and the table disagree.
 */
export function buildOpenApiDocument(
  routeTable: readonly RouteDefinition[] = routes,
  mode: { authMode: AuthMode } = { authMode: 'open' },
): OpenApiDocument {
  const keys = mode.authMode === 'keys';
  const paths: OpenApiDocument['paths'] = {};
  for (const route of routeTable) {
    const described = operations[routeKey(route)];
    if (!described) throw new Error(`${routeKey(route)} has no entry in the operations of shared/openapi.ts`);
    // In keys mode a user key may leave POST /urls's user_id out.
    const entry = keys && described.keysModeBody ? { ...described, body: described.keysModeBody } : described;
    const base = toOperation(route, entry, {
      ...operationNames(route),
      touchesTable: route.table !== 'none' || (route.indexes ?? []).length > 0,
      idempotent: route.idempotent === true,
    });
    const operation = keys ? withSecurity(base, route.access) : base;
    paths[route.path] = {
      ...paths[route.path],
      [route.method.toLowerCase()]: operation,
      ...(route.method === 'GET' && { head: headOperation(operation) }),
    };
  }
  for (const [key, { entry, operationId }] of Object.entries(edgeOperations)) {
    const [method, path] = key.split(' ') as [HttpMethod, string];
    const operation = toOperation({ method, path }, entry, {
      operationId,
      tag: 'urls',
      touchesTable: true,
    });
    paths[path] = { [method.toLowerCase()]: operation, head: headOperation(operation) };
  }
  const routeKeys = new Set(routeTable.map(routeKey));
  const stale = Object.keys(operations).filter((key) => !routeKeys.has(key));
  if (stale.length > 0) throw new Error(`shared/openapi.ts has operations that are not routes: ${stale.join(', ')}`);

  return {
    openapi: '3.1.0',
    info: {
      title: 'URL shortener',
      version: packageJson.version,
      description:
        'Users own short links; every redirect and change is recorded as an event. ' +
        (keys
          ? 'Access keys: send `Authorization: Bearer <key>` (a user key `usk_...` acts as its user, an operator ' +
            'key `ask_...` may do everything); each operation lists what it needs. '
          : 'No authentication. ') +
        'Every error body is JSON with a `detail` field: a string, or for a 422 the list of validation issues. ' +
        'An unknown path answers 404 {"detail": "Not Found"}; a known path with a method it does not have ' +
        'answers 405 (`#/components/responses/MethodNotAllowed`) with an `Allow` header.',
      license: { name: 'MIT', identifier: 'MIT' },
    },
    // Relative: the service that serves this document (locally http://localhost:3000, in AWS the CloudFront domain).
    servers: [{ url: '/', description: 'The service that serves this document' }],
    // The specification's default: no authentication. In keys mode each operation says what it needs.
    security: [],
    tags: [
      { name: 'users', description: 'People who own short links' },
      { name: 'urls', description: 'Short links and their redirects' },
      { name: 'events', description: 'The history of what happened to links' },
      { name: 'ops', description: 'Health, metrics and this reference' },
    ],
    paths,
    components: {
      schemas: Object.fromEntries(
        Object.entries(recordSchemas).map(([name, schema]) => [name, jsonSchema(schema, 'output')]),
      ),
      responses: errorResponses,
      ...(keys && {
        securitySchemes: {
          bearer: {
            type: 'http',
            scheme: 'bearer',
            description:
              "An access key: `usk_...` (a user's) or `ask_...` (an operator's), made by POST /users/{id}/keys or `npm run create-admin-key`",
          },
        },
      }),
      headers: {
        RequestId: {
          description: "The gateway's request id, also in every log line about the request",
          schema: { type: 'string' },
        },
        NextPage: {
          description:
            '`<...>; rel="next"`, sent when the window is full: the same request, resumed after its last item by `cursor`',
          schema: { type: 'string' },
        },
      },
    },
  };
}
