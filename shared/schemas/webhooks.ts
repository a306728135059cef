import * as z from 'zod/mini';
import { eventType } from './events.js';
import { originalUrl } from './link-fields.js';
import { integerText, MAX_ID, positiveId } from './primitives.js';
import { requestBody } from './request-body.js';

/** How many webhooks a user may have. */
export const MAX_WEBHOOKS = 10;
/** How many event types, and how many links, one webhook may name. */
export const MAX_WEBHOOK_EVENT_TYPES = 20;
export const MAX_WEBHOOK_LINKS = 1000;

/** The event types a webhook receives: 1 to 20, or null (every type). */
const eventTypes = z.nullable(
  z
    .array(eventType)
    .check(
      z.minLength(1),
      z.maxLength(MAX_WEBHOOK_EVENT_TYPES),
      z.describe(`1 to ${MAX_WEBHOOK_EVENT_TYPES} event types (automatic ones included); null or omitted: every type`),
    ),
);

/** The links a webhook receives the events of: 1 to 1,000 of its user's, or null (all of them, later ones too). */
const urlIds = z.nullable(
  z
    .array(positiveId)
    .check(
      z.minLength(1),
      z.maxLength(MAX_WEBHOOK_LINKS),
      z.describe(
        `1 to ${MAX_WEBHOOK_LINKS} ids of the user's own links; null or omitted: all of them, those made later included`,
      ),
    ),
);

/** The target: an absolute http(s) address of at most 2,048 characters, public (checked by the route). */
const target = originalUrl;

/** POST /users/{id}/webhooks */
export const createWebhookBody = requestBody(
  { url: target, event_types: z.optional(eventTypes), url_ids: z.optional(urlIds) },
  'webhook',
);

/** PUT /users/{id}/webhooks/{webhook_id}: the fields sent change, the others stay as they were. */
export const updateWebhookBody = requestBody(
  {
    url: z.optional(target),
    event_types: z.optional(eventTypes),
    url_ids: z.optional(urlIds),
    status: z.optional(
      z.enum(['active', 'disabled']).check(z.describe('`active` again after it was disabled, or `disabled`')),
    ),
  },
  'webhook',
);

/** A webhook's id as a path names it: any text; one that names no webhook is a 404. */
const webhookId = z.string().check(z.minLength(1), z.maxLength(100));

/** Path parameters of `/users/{id}/webhooks/{webhook_id}` and the routes under it. */
export const webhookPath = z.object({ id: integerText({ min: 1, max: MAX_ID }), webhook_id: webhookId });
