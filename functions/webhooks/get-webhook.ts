import { getWebhookRoute } from '#shared/api/webhooks.js';
import { mustBeAbout } from '#shared/http/caller.js';
import { httpRoute } from '#shared/http/route.js';
import { getWebhook } from '#shared/store/webhooks.js';

/** GET /users/{id}/webhooks/{webhook_id} */
export const handler = httpRoute(getWebhookRoute, ({ path, caller }) => {
  mustBeAbout(caller, path.id);
  return getWebhook(path.id, path.webhook_id);
});
