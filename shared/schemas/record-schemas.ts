import type { core } from 'zod/mini';
import * as z from 'zod/mini';
import type {
  EventRecord,
  PublicUrlRecord,
  UserRecord,
  WebhookDeliveryRecord,
  WebhookRecord,
} from '../domain/records.js';
import type { ValidationIssue } from '../platform/errors.js';
import { redirectRule, variants } from './campaign-fields.js';
import { eventDetails, eventType } from './events.js';
import { originalUrl, title } from './link-fields.js';
import { positiveId } from './primitives.js';
import { email, username } from './users.js';

/**
 * What the API answers, as zod schemas, for the OpenAPI description and the CSV exports' columns (their keys,
 * in order): nothing parses a response with them. Each record schema must produce its record's type (`satisfies`), so a field added to
 * `records.ts` without being documented here fails the type-check. Stored values passed the request
 * schemas, so the field schemas are those.
 */

const timestamp = z
  .string()
  .check(
    z.regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}$/),
    z.describe('UTC, ISO 8601 without a zone suffix, millisecond precision: 2026-11-22T01:33:12.123'),
  );

export const userRecord = z.object({
  id: positiveId,
  username,
  email,
  created_at: timestamp,
}) satisfies z.ZodMiniType<UserRecord>;

export const urlRecord = z.object({
  id: positiveId,
  user_id: positiveId,
  short_code: z
    .string()
    .check(
      z.regex(/^[A-Za-z0-9_-]{1,64}$/),
      z.describe('Generated: 6 letters and digits; chosen: 3 to 64 letters, digits, _ and -. Case-sensitive'),
    ),
  original_url: originalUrl,
  title: z.nullable(title),
  is_active: z.boolean(),
  created_at: timestamp,
  updated_at: timestamp,
  short_url: z
    .string()
    .check(
      z.regex(/^https?:\/\/[^\s/]+\/\S+$/),
      z.describe("The short link, as it is shared: the service's address (its own domain in AWS) and the short code"),
    ),
  expires_at: z.nullable(timestamp).check(z.describe('When the link expires; null: never by date')),
  max_clicks: z
    .nullable(z.int().check(z.gte(1), z.lte(1_000_000_000)))
    .check(z.describe('After how many redirected clicks the link expires; null: no limit')),
  expired_url: z.nullable(originalUrl).check(z.describe('Where the link leads once expired; null: it answers 410')),
  forward_query: z
    .boolean()
    .check(z.describe("Whether the short link's query string is added after the target's own parameters")),
  tags: z.array(z.string().check(z.regex(/^[a-z0-9_-]{1,32}$/))).check(z.describe('Its tags, lower-case, sorted')),
  redirect_rules: z
    .array(redirectRule)
    .check(z.describe('Its redirect rules, in order, as they were sent; the first that holds decides')),
  variants: variants.check(z.describe('Its A/B variants with their weights; null: none')),
  password_protected: z.boolean().check(z.describe('Whether a visit must give a password first')),
}) satisfies z.ZodMiniType<PublicUrlRecord>;

export const eventRecord = z.object({
  id: positiveId,
  url_id: positiveId,
  user_id: positiveId,
  event_type: eventType,
  timestamp,
  details: eventDetails,
}) satisfies z.ZodMiniType<EventRecord>;

const count = z.int().check(z.gte(0));

export const healthStatus = z.object({ status: z.literal('ok') });

const keyName = z.string().check(z.minLength(1), z.maxLength(100));

/** Which user key made a key: revoking that one revokes this one too; null when an operator or the command line did. */
const createdBy = z.nullable(
  positiveId.check(
    z.describe(
      'The id of the user key that made this key (revoking it revokes this one); null when an operator key or the command line did',
    ),
  ),
);

/** A user's access key as GET /users/{id}/keys lists it: never the key itself. */
export const accessKeyRecord = z.object({
  id: positiveId,
  name: keyName,
  prefix: z.string().check(z.regex(/^(usk|ask)_[A-Za-z0-9_-]{4}$/), z.describe("The key's first 8 characters")),
  created_at: timestamp,
  expires_at: z.nullable(timestamp),
  created_by: createdBy,
});

/** An operator key as GET /keys lists it: never the key itself. */
export const operatorKeyRecord = z.object({
  id: positiveId,
  name: keyName,
  created_at: timestamp,
  expires_at: z.nullable(timestamp),
  created_by: createdBy,
});

/** A key as POST /users/{id}/keys makes it: the only answer that carries the key. */
export const newAccessKey = z.object({
  id: positiveId,
  name: keyName,
  key: z
    .string()
    .check(
      z.regex(/^usk_[A-Za-z0-9_-]{28,}$/),
      z.describe('The key, to send as `Authorization: Bearer <key>`; shown this once, stored only as a hash'),
    ),
  created_at: timestamp,
  expires_at: z.nullable(timestamp),
  created_by: createdBy,
});

/** What a key may see of a link, for its statistics page's script (GET /urls/{code}/stats-page?part=link). */
export const linkFactsRecord = z.object({
  url_id: positiveId,
  facts: z.string().check(z.describe("The HTML of the link's title, target, state and limits, escaped")),
});

/** A blocked host (GET /blocked-hosts). */
export const blockedHostRecord = z.object({ host: z.string().check(z.minLength(1)), created_at: timestamp });

/** A report as POST /reports answers it. */
export const reportRecord = z.object({
  id: positiveId,
  short_code: z.string().check(z.minLength(1), z.maxLength(64)),
  reason: z.string().check(z.minLength(1), z.maxLength(1000)),
  created_at: timestamp,
});

/** A report as the operator lists it: with the reporter's address, when one was given. */
export const listedReportRecord = z.object({ ...reportRecord.shape, email: z.nullable(email) });

export const importCount = z.object({
  count: count.check(z.describe('Users stored; skipped rows are not counted')),
  skipped: z
    .array(
      z.object({
        row: positiveId.check(z.describe("The row's place among the data rows, from 1 (the line after the header)")),
        reason: z
          .string()
          .check(
            z.describe(
              'invalid username, invalid email, email (or username) repeated in the file, or already registered',
            ),
          ),
      }),
    )
    .check(z.describe("Rows not imported, by row: the first 100 (an extension, after the spec's count)")),
  skipped_total: count.check(z.describe('How many rows were skipped in all')),
});

/** A bulk import that goes on without its request (POST /users/bulk's 202, GET /imports/{id}). */
export const importProgressRecord = z.object({
  import_id: z.string().check(z.describe("The import's id")),
  status: z.enum(['running', 'done', 'failed']),
  rows_read: count.check(z.describe('Data rows in the file, the header not counted')),
  count: count.check(z.describe('Users stored so far')),
  skipped_total: count.check(z.describe('Rows skipped so far')),
  status_url: z.string().check(z.describe('Where to follow the import: GET /imports/{import_id}')),
  skipped: z.optional(importCount.shape.skipped.check(z.describe('Once done: the first 100 rows skipped, by row'))),
  detail: z.optional(z.string().check(z.describe('Once failed: why, and how many users were stored'))),
});

/** GET /metrics/json: the spec leaves the body open, so only the request counter it names is described. */
export const metricsReport = z.looseObject({
  http_requests_total: z.looseObject({
    total: count,
    by_status: z.record(z.string(), count),
    series: z.array(z.looseObject({ route: z.string(), method: z.string(), status: z.string(), value: count })),
  }),
  process: z.looseObject({}).check(z.describe('Figures of the process that answered')),
});

/** GET /openapi.json answers this document; its own schema is OpenAPI's, so only the frame is described. */
export const openApiDocument = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.looseObject({})),
});

/** Every error but a 422: 400, 404, 405, 413, 429, 500, 502, 503, 504. */
export const errorBody = z.object({ detail: z.string() });

export const validationErrorBody = z.object({
  detail: z.array(
    z.object({
      loc: z
        .array(z.union([z.string(), count]))
        .check(z.describe('Where: body, query or path, then the field name (and index, inside an array)')),
      msg: z.string(),
      type: z.string().check(z.describe('The kind of failure, in pydantic terms: missing, int_parsing, ...')),
    }) satisfies z.ZodMiniType<ValidationIssue>,
  ),
});

const statsFigures = {
  clicks: count,
  human_clicks: count.check(z.describe('Clicks not made by a known bot or crawler')),
  bot_clicks: count,
  unique_visitors: count.check(
    z.describe(
      'Distinct visitors (address and user agent, keyed with a secret of the day): exact below 1,000, within 2 % ' +
        'beyond. Over a range of several days, the sum of each day’s.',
    ),
  ),
};
const topEntry = z.object({ name: z.string(), clicks: count });
const topList = (what: string) =>
  z
    .array(topEntry)
    .check(z.describe(`At most 10 ${what} by clicks, then "other" with the rest: they add up to the clicks`));
const statsCommon = {
  from: timestamp,
  to: timestamp.check(z.describe('Exclusive')),
  interval: z.enum(['hour', 'day']),
  totals: z.object(statsFigures),
  series: z
    .array(z.object({ start: timestamp, ...statsFigures }))
    .check(z.describe('One entry per interval from `from` to `to`, oldest first, intervals without clicks included')),
};
const dimensionLists = {
  browsers: topList('browsers'),
  operating_systems: topList('operating systems'),
  devices: topList('device classes (desktop, mobile, tablet, tv, bot, unknown)'),
  countries: topList('countries (ISO 3166 codes from CloudFront, unknown without)'),
};

/** GET /urls/{id}/stats. */
export const linkStats = z.object({
  url_id: positiveId,
  ...statsCommon,
  referrers: topList('referrer hosts (direct: none sent)'),
  ...dimensionLists,
  targets: topList("targets the visits were sent to (the link, a rule's or a variant's URL, its expired_url)"),
});

/** GET /users/{id}/stats. */
export const userStats = z.object({
  user_id: positiveId,
  ...statsCommon,
  links: z
    .array(
      z.object({
        url_id: z.nullable(positiveId),
        short_code: z.nullable(z.string()),
        clicks: count,
      }),
    )
    .check(z.describe('At most 10 links by clicks, then one entry with url_id and short_code null for the rest')),
  ...dimensionLists,
  referrers: topList(
    'referrer hosts of all of its links (direct: none sent); an extension, after the fields of the contract',
  ),
});

/** GET /users/{id}/tags: one entry per tag of the user's links. */
export const userTagRecord = z.object({
  tag: z.string().check(z.regex(/^[a-z0-9_-]{1,32}$/)),
  links: count.check(z.minimum(1), z.describe("How many of the user's links carry it, active or not")),
});

/** POST /urls/bulk: one result per link, in order, as POST /urls would have answered each. */
export const linkResults = z.object({
  results: z.array(
    z.union([
      z.object({ status: z.literal(201), url: urlRecord }),
      z.object({
        status: z.int().check(z.minimum(400), z.maximum(599)),
        detail: z
          .union([z.string(), validationErrorBody.shape.detail])
          .check(z.describe("The error POST /urls would give the link: a string, or a 422's list of fields")),
      }),
    ]),
  ),
});

const webhookSecret = z
  .string()
  .check(
    z.regex(/^whsec_[A-Za-z0-9+/]{43}=$/),
    z.describe('`whsec_` and the base64 of 32 random bytes: the HMAC key of the signatures; shown this once'),
  );

/** A user's webhook as the API answers it (never its secret). */
export const webhookRecord = z.object({
  id: z.string().check(z.regex(/^wh_[A-Za-z0-9_-]+$/)),
  user_id: positiveId,
  url: originalUrl,
  event_types: z.nullable(z.array(eventType)).check(z.describe('The event types it receives; null: every type')),
  url_ids: z
    .nullable(z.array(positiveId))
    .check(z.describe("The links whose events it receives; null: all of the user's, those made later included")),
  status: z.enum(['active', 'disabled']),
  disabled_reason: z.nullable(z.string()).check(z.describe('Why it was disabled; null while active')),
  created_at: timestamp,
}) satisfies z.ZodMiniType<WebhookRecord>;

/** A webhook as it is made: with its secret, this once. */
export const newWebhookRecord = z.object({ ...webhookRecord.shape, secret: webhookSecret });

/** A webhook's new secret (the previous one signs too for 24 hours). */
export const webhookSecretRecord = z.object({ secret: webhookSecret });

/** A test ping on its way. */
export const webhookPingRecord = z.object({
  webhook_id: webhookRecord.shape.id,
  message_id: z.string().check(z.regex(/^ping_/), z.describe('The `webhook-id` header the ping is sent with')),
});

/** One attempt at delivering an event or a ping. */
export const webhookDeliveryRecord = z.object({
  event_id: z.nullable(positiveId).check(z.describe("The event's id; null for a ping")),
  event_type: z.string().check(z.describe("The event's type, or `ping`")),
  attempt: z.int().check(z.gte(1), z.describe('Counts from 1 for each event')),
  status: z.enum(['delivered', 'failed', 'retrying']),
  response_status: z.nullable(z.int()).check(z.describe("The receiver's status code; null when no answer came")),
  at: timestamp.check(z.describe('When the attempt started')),
  duration_ms: z.int().check(z.gte(0)),
}) satisfies z.ZodMiniType<WebhookDeliveryRecord>;

/** The schemas of what the API answers, published once under `components.schemas` and referenced. */
export const recordSchemas = {
  User: userRecord,
  Url: urlRecord,
  Event: eventRecord,
  LinkStats: linkStats,
  UserStats: userStats,
  UserTag: userTagRecord,
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
  Webhook: webhookRecord,
  NewWebhook: newWebhookRecord,
  WebhookSecret: webhookSecretRecord,
  WebhookPing: webhookPingRecord,
  WebhookDelivery: webhookDeliveryRecord,
  Metrics: metricsReport,
  OpenApiDocument: openApiDocument,
  Error: errorBody,
  ValidationError: validationErrorBody,
} satisfies Record<string, core.$ZodType>;

export type RecordName = keyof typeof recordSchemas;
