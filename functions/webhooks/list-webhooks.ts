import { listWebhooksRoute } from '#shared/api/webhooks.js';
import { ListPage } from '#shared/http/answers.js';
import { mustBeAbout } from '#shared/http/caller.js';
import { httpRoute } from '#shared/http/route.js';
import { getUser } from '#shared/store/users.js';
import { listWebhooks } from '#shared/store/webhooks.js';

/** GET /users/{id}/webhooks?page&per_page: the user's webhooks, oldest first, without their secrets. */
export const handler = httpRoute(listWebhooksRoute, async ({ path, query, caller }) => {
  mustBeAbout(caller, path.id);
  await getUser(path.id);
  return new ListPage(await listWebhooks(path.id, query.page, query.per_page, query.cursor));
});
