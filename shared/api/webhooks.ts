import { numberedPageQuery } from '../schemas/list-pages.js';
import { emptyBody } from '../schemas/request-body.js';
import { createWebhookBody, MAX_WEBHOOKS, updateWebhookBody, webhookPath } from '../schemas/webhooks.js';
import type { PathInput, RouteDeclaration } from './route-declaration.js';
import { userId } from './users.js';

/**
 * A user's webhooks: the events of the user's links POSTed to their systems as they are stored, signed the
 * Standard Webhooks way (docs/decisions.md, "Webhooks").
 */

const webhook = {
  schema: webhookPath,
  meanings: { id: "The user's id.", webhook_id: "The webhook's id (from POST or GET /users/{id}/webhooks)." },
  examples: { webhook_id: 'wh_0mhxk3c1sQ2hX9lZ0aYbP' },
} satisfies PathInput;

const notFound = { 404: 'User not found, or Webhook not found' } as const;

export const createWebhookRoute = {
  method: 'POST',
  path: '/users/{id}/webhooks',
  handler: 'functions/webhooks/create-webhook.ts',
  table: 'write',
  summary: 'Make a webhook',
  description:
    'Each event of a subscribed type on a subscribed link is POSTed to `url` once it is stored, at least once ' +
    '(deduplicate by the `webhook-id` header), signed with the secret in this answer (shown this once) as ' +
    'Standard Webhooks sign: `webhook-signature: v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>">`. ' +
    'A failed attempt is tried again after about 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h; a 410 answer, or 5 ' +
    'days without a success, disables the webhook. The target must be a public address (not loopback, private, ' +
    `link-local or multicast) and not this service. A user has at most ${MAX_WEBHOOKS} webhooks.`,
  pathParameters: userId,
  body: {
    schema: createWebhookBody,
    example: { url: 'https://hooks.example.com/url-shortener', event_types: ['click', 'created'] },
  },
  success: { status: 201, description: 'The new webhook, with its secret', record: 'NewWebhook' },
  errors: { 404: 'User not found', 422: 'Too many webhooks' },
} satisfies RouteDeclaration;

export const listWebhooksRoute = {
  method: 'GET',
  path: '/users/{id}/webhooks',
  handler: 'functions/webhooks/list-webhooks.ts',
  table: 'read',
  summary: "List a user's webhooks",
  description: 'Oldest first; their secrets are never shown again.',
  pathParameters: userId,
  query: numberedPageQuery,
  success: { status: 200, description: "A page of the user's webhooks", record: 'Webhook', list: true },
  errors: { 404: 'User not found' },
} satisfies RouteDeclaration;

export const getWebhookRoute = {
  method: 'GET',
  path: '/users/{id}/webhooks/{webhook_id}',
  handler: 'functions/webhooks/get-webhook.ts',
  table: 'read',
  summary: 'Get a webhook',
  pathParameters: webhook,
  success: { status: 200, description: 'The webhook', record: 'Webhook' },
  errors: notFound,
} satisfies RouteDeclaration;

export const updateWebhookRoute = {
  method: 'PUT',
  path: '/users/{id}/webhooks/{webhook_id}',
  handler: 'functions/webhooks/update-webhook.ts',
  table: 'write',
  summary: 'Change a webhook',
  description:
    'Changes the fields sent and leaves the others. `status: "active"` turns a disabled webhook on again; ' +
    'events stored while it was disabled are not sent.',
  pathParameters: webhook,
  body: { schema: updateWebhookBody, example: { status: 'active' } },
  success: { status: 200, description: 'The webhook as changed', record: 'Webhook' },
  errors: notFound,
} satisfies RouteDeclaration;

export const deleteWebhookRoute = {
  method: 'DELETE',
  path: '/users/{id}/webhooks/{webhook_id}',
  handler: 'functions/webhooks/delete-webhook.ts',
  table: 'write',
  summary: 'Delete a webhook',
  description: 'Nothing more is sent to it, retries included.',
  pathParameters: webhook,
  success: { status: 204, description: 'Deleted' },
  errors: notFound,
} satisfies RouteDeclaration;

export const rotateWebhookSecretRoute = {
  method: 'POST',
  path: '/users/{id}/webhooks/{webhook_id}/secret',
  handler: 'functions/webhooks/rotate-webhook-secret.ts',
  table: 'write',
  summary: "Rotate a webhook's secret",
  description:
    "A new secret, shown this once. For 24 hours deliveries carry two signatures, the new secret's and the " +
    "previous one's, so the receiver can switch without losing one. Takes no body (none, or `{}`).",
  pathParameters: webhook,
  body: { schema: emptyBody, optional: true, example: {} },
  success: { status: 200, description: 'The new secret', record: 'WebhookSecret' },
  errors: notFound,
} satisfies RouteDeclaration;

export const testWebhookRoute = {
  method: 'POST',
  path: '/users/{id}/webhooks/{webhook_id}/test',
  handler: 'functions/webhooks/test-webhook.ts',
  table: 'read',
  queuesWebhookDeliveries: true,
  summary: 'Send a test ping',
  description:
    'Sends a delivery of type `ping` at once (`data`: `{"webhook_id"}`, `webhook-id: ping_<uuid>`), signed as ' +
    'every delivery is, even to a disabled webhook (to try a receiver before turning it on again); it is not ' +
    'tried again. Its attempt shows in the deliveries. Takes no body (none, or `{}`).',
  pathParameters: webhook,
  body: { schema: emptyBody, optional: true, example: {} },
  success: { status: 202, description: 'The ping is on its way', record: 'WebhookPing' },
  errors: notFound,
} satisfies RouteDeclaration;

export const listWebhookDeliveriesRoute = {
  method: 'GET',
  path: '/users/{id}/webhooks/{webhook_id}/deliveries',
  handler: 'functions/webhooks/list-webhook-deliveries.ts',
  table: 'read',
  summary: "A webhook's latest delivery attempts",
  description: 'The latest 100 attempts, newest first (each kept a week).',
  pathParameters: webhook,
  success: { status: 200, description: 'Its latest attempts', record: 'WebhookDelivery', list: true },
  errors: notFound,
} satisfies RouteDeclaration;
