import { mustBeAbout } from '#shared/http/caller.js';
import { httpRoute } from '#shared/http/route.js';
import { idPath } from '#shared/schemas.js';
import { getUser } from '#shared/store/users.js';

/** GET /users/{id} */
export const handler = httpRoute({ path: idPath }, ({ path, caller }) => {
  mustBeAbout(caller, path.id);
  return getUser(path.id);
});
