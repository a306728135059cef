import { deleteWebhookRoute } from '#shared/api/webhooks.js';
import { mustBeAbout } from '#shared/http/caller.js';
import { httpRoute } from '#shared/http/route.js';
import { deleteWebhook } from '#shared/store/webhooks.js';

/** DELETE /users/{id}/webhooks/{webhook_id}: nothing more is sent to it, retries included. */
export const handler = httpRoute(deleteWebhookRoute, ({ path, caller }) => {
  mustBeAbout(caller, path.id);
  return deleteWebhook(path.id, path.webhook_id);
});
