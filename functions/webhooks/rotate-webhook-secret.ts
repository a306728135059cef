import { rotateWebhookSecretRoute } from '#shared/api/webhooks.js';
import { mustBeAbout } from '#shared/http/caller.js';
import { httpRoute } from '#shared/http/route.js';
import { rotateWebhookSecret } from '#shared/store/webhooks.js';

/** POST /users/{id}/webhooks/{webhook_id}/secret: a new secret; the previous one signs too for 24 hours. */
export const handler = httpRoute(rotateWebhookSecretRoute, ({ path, caller }) => {
  mustBeAbout(caller, path.id);
  return rotateWebhookSecret(path.id, path.webhook_id);
});
