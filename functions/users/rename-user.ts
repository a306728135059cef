import { renameUserRoute } from '#shared/api/users.js';
import { mustBeAbout } from '#shared/http/caller.js';
import { httpRoute } from '#shared/http/route.js';
import { renameUser } from '#shared/store/users.js';

/** PUT /users/{id} */
export const handler = httpRoute(renameUserRoute, ({ path, body, caller }) => {
  mustBeAbout(caller, path.id);
  return renameUser(path.id, body.username);
});
