import { getUserRoute } from '#shared/api/users.js';
import { mustBeAbout } from '#shared/http/caller.js';
import { httpRoute } from '#shared/http/route.js';
import { getUser } from '#shared/store/users.js';

/** GET /users/{id} */
export const handler = httpRoute(getUserRoute, ({ path, caller }) => {
  mustBeAbout(caller, path.id);
  return getUser(path.id);
});
