/**
 * Examples for the API reference (`/docs`'s "Try it out") that are not a route's own: parameter values and
 * records. Each works on a fresh service once the request bodies' examples (in each route's declaration,
 * shared/api/) were sent in the route table's order: the user made by POST /users is id 1, its link id 1, and
 * so on. Without them Swagger UI builds values from the schemas' patterns, which the service then refuses.
 */

const at = '2026-11-22T01:33:12.123';

/** A value for each parameter name (paths and queries) that the service accepts, typed as its schema says. */
export const parameterExamples: Record<string, unknown> = {
  id: 1,
  key_id: 1,
  page: 1,
  per_page: 10,
  skip: 0,
  limit: 10,
  user_id: 1,
  url_id: 1,
  is_active: 'true',
  event_type: 'signup',
  from: '2026-11-01',
  to: '2026-11-08',
  interval: 'day',
  code: 'vcZO5s',
};

/** The short code of a link, for the routes whose `{id}` is one (the first seeded link). */
export const shortCodeExample = 'vcZO5s';

const url = {
  id: 1,
  user_id: 1,
  short_code: shortCodeExample,
  original_url: 'https://example.com/docs/getting-started',
  title: 'Getting started',
  is_active: true,
  created_at: at,
  updated_at: at,
  short_url: `http://localhost:3000/${shortCodeExample}`,
  expires_at: null,
  max_clicks: 1000,
  expired_url: null,
  forward_query: true,
  tags: ['docs', 'onboarding'],
  redirect_rules: [
    { url: 'https://example.com/docs/getting-started/ios', conditions: [{ type: 'device', value: 'ios' }] },
  ],
  variants: null,
  password_protected: false,
};

const figures = { clicks: 3, human_clicks: 2, bot_clicks: 1, unique_visitors: 2 };
const tops = {
  browsers: [{ name: 'Firefox', clicks: 2 }],
  operating_systems: [{ name: 'Linux', clicks: 2 }],
  devices: [
    { name: 'desktop', clicks: 2 },
    { name: 'bot', clicks: 1 },
  ],
  countries: [{ name: 'unknown', clicks: 3 }],
};
const statsRange = {
  from: '2026-11-21T00:00:00.000',
  to: '2026-11-23T00:00:00.000',
  interval: 'day',
  totals: figures,
  series: [
    { start: '2026-11-21T00:00:00.000', clicks: 0, human_clicks: 0, bot_clicks: 0, unique_visitors: 0 },
    { start: '2026-11-22T00:00:00.000', ...figures },
  ],
};

/** An answer for each record the API returns, by its name in `components.schemas`. */
/** A webhook as its routes answer it (made by POST /users/{id}/webhooks, its id random). */
const webhookExample = {
  id: 'wh_0mhxk3c1sQ2hX9lZ0aYbP',
  user_id: 1,
  url: 'https://hooks.example.com/url-shortener',
  event_types: ['click', 'created'],
  url_ids: null,
  status: 'active',
  disabled_reason: null,
  created_at: at,
};

export const recordExamples: Record<string, unknown> = {
  User: { id: 1, username: 'ada', email: 'ada@example.com', created_at: at },
  Url: url,
  LinkResults: {
    results: [
      { status: 201, url },
      { status: 400, detail: 'Short code already in use' },
    ],
  },
  Event: { id: 1, url_id: 1, user_id: 1, event_type: 'signup', timestamp: at, details: { plan: 'pro' } },
  Health: { status: 'ok' },
  BlockedHost: { host: 'phishing.example', created_at: at },
  Report: { id: 1, short_code: 'vcZO5s', reason: 'It leads to a page that asks for bank passwords.', created_at: at },
  ListedReport: {
    id: 1,
    short_code: 'vcZO5s',
    reason: 'It leads to a page that asks for bank passwords.',
    created_at: at,
    email: null,
  },
  ImportCount: { count: 2, skipped: [{ row: 3, reason: 'invalid email' }], skipped_total: 1 },
  ImportProgress: {
    import_id: '0f8fad5b-d9cb-469f-a165-70867728950e',
    status: 'running',
    rows_read: 20000,
    count: 6000,
    skipped_total: 12,
    status_url: 'https://sho.rt/imports/0f8fad5b-d9cb-469f-a165-70867728950e',
  },
  AccessKey: { id: 1, name: 'laptop', prefix: 'usk_Zm9v', created_at: at, expires_at: null, created_by: null },
  NewAccessKey: {
    id: 1,
    name: 'laptop',
    key: 'usk_Zm9vYmFyYmF6cXV4cXV1eHF1dXhxdXV4cXV1eHF1dXg',
    created_at: at,
    expires_at: null,
    created_by: null,
  },
  Webhook: webhookExample,
  NewWebhook: { ...webhookExample, secret: 'whsec_ZXhhbXBsZS1zZWNyZXQtc2hvd24tb25jZS0wMDAwMDA=' },
  WebhookSecret: { secret: 'whsec_ZXhhbXBsZS1zZWNyZXQtYWZ0ZXItcm90YXRpb24tMDA=' },
  WebhookPing: { webhook_id: 'wh_0mhxk3c1sQ2hX9lZ0aYbP', message_id: 'ping_0f8fad5b-d9cb-469f-a165-70867728950e' },
  WebhookDelivery: {
    event_id: 42,
    event_type: 'click',
    attempt: 1,
    status: 'delivered',
    response_status: 200,
    at,
    duration_ms: 87,
  },
  LinkFacts: {
    url_id: 1,
    facts:
      '<p class="title">Getting started</p><p class="target">→ <a href="https://example.com/docs/getting-started" rel="noopener noreferrer">https://example.com/docs/getting-started</a></p>',
  },
  OperatorKey: { id: 2, name: 'deploy pipeline', created_at: at, expires_at: null, created_by: null },
  LinkStats: {
    url_id: 1,
    ...statsRange,
    referrers: [{ name: 'direct', clicks: 3 }],
    ...tops,
    targets: [
      { name: 'https://example.com/docs/getting-started', clicks: 2 },
      { name: 'https://example.com/docs/getting-started/ios', clicks: 1 },
    ],
  },
  UserTag: { tag: 'onboarding', links: 2 },
  UserStats: {
    user_id: 1,
    ...statsRange,
    links: [{ url_id: 1, short_code: shortCodeExample, clicks: 3 }],
    ...tops,
    referrers: [{ name: 'direct', clicks: 3 }],
  },
};
