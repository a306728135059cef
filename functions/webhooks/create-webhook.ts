import { createWebhookRoute } from '#shared/api/webhooks.js';
import { mustBeAbout } from '#shared/http/caller.js';
import { ownAddresses } from '#shared/http/own-addresses.js';
import { httpRoute } from '#shared/http/route.js';
import { getUser } from '#shared/store/users.js';
import { createWebhook } from '#shared/store/webhooks.js';
import { checkWebhookTarget } from '#shared/webhooks/webhook-targets.js';

/** POST /users/{id}/webhooks: a new webhook of the user, with its secret shown this once. */
export const handler = httpRoute(createWebhookRoute, async ({ path, body, caller, event }) => {
  mustBeAbout(caller, path.id);
  await getUser(path.id);
  await checkWebhookTarget(body.url, ownAddresses(event));
  return createWebhook(path.id, body);
});
