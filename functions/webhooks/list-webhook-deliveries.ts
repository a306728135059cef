import { listWebhookDeliveriesRoute } from '#shared/api/webhooks.js';
import { mustBeAbout } from '#shared/http/caller.js';
import { httpRoute } from '#shared/http/route.js';
import { latestDeliveries } from '#shared/store/webhook-deliveries.js';
import { getWebhook } from '#shared/store/webhooks.js';

/** GET /users/{id}/webhooks/{webhook_id}/deliveries: its latest 100 attempts, newest first. */
export const handler = httpRoute(listWebhookDeliveriesRoute, async ({ path, caller }) => {
  mustBeAbout(caller, path.id);
  await getWebhook(path.id, path.webhook_id);
  return latestDeliveries(path.webhook_id);
});
