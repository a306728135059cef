import { listUserKeysRoute } from '#shared/api/keys.js';
import { ListPage } from '#shared/http/answers.js';
import { mustBeAbout } from '#shared/http/caller.js';
import { httpRoute } from '#shared/http/route.js';
import { listUserKeys } from '#shared/store/key-lists.js';
import { getUser } from '#shared/store/users.js';

/** GET /users/{id}/keys?page&per_page: a page of the user's keys, each with its prefix, never the key itself. */
export const handler = httpRoute(listUserKeysRoute, async ({ path, query, caller }) => {
  mustBeAbout(caller, path.id);
  await getUser(path.id);
  return new ListPage(await listUserKeys(path.id, query.page, query.per_page, query.cursor));
});
