import { testWebhookRoute } from '#shared/api/webhooks.js';
import { mustBeAbout } from '#shared/http/caller.js';
import { httpRoute } from '#shared/http/route.js';
import { getWebhook } from '#shared/store/webhooks.js';
import { queuePing } from '#shared/webhooks/webhook-ping.js';

/** POST /users/{id}/webhooks/{webhook_id}/test: a `ping` delivery, sent at once. */
export const handler = httpRoute(testWebhookRoute, async ({ path, caller }) => {
  mustBeAbout(caller, path.id);
  const webhook = await getWebhook(path.id, path.webhook_id);
  return queuePing(webhook);
});
