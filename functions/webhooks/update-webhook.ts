import { updateWebhookRoute } from '#shared/api/webhooks.js';
import { mustBeAbout } from '#shared/http/caller.js';
import { ownAddresses } from '#shared/http/own-addresses.js';
import { httpRoute } from '#shared/http/route.js';
import { getWebhook, updateWebhook } from '#shared/store/webhooks.js';
import { checkWebhookTarget } from '#shared/webhooks/webhook-targets.js';

/** PUT /users/{id}/webhooks/{webhook_id}: changes the fields sent, leaves the others. */
export const handler = httpRoute(updateWebhookRoute, async ({ path, body, caller, event }) => {
  mustBeAbout(caller, path.id);
  // An unknown webhook is a 404 before its body's target is judged.
  await getWebhook(path.id, path.webhook_id);
  if (body.url !== undefined) await checkWebhookTarget(body.url, ownAddresses(event));
  return updateWebhook(path.id, path.webhook_id, body);
});
