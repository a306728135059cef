import { mustBeAbout } from '#shared/http/caller.js';
import { httpRoute } from '#shared/http/route.js';
import { idPath, renameUserBody } from '#shared/schemas.js';
import { renameUser } from '#shared/store/users.js';

/** PUT /users/{id} */
export const handler = httpRoute({ path: idPath, body: renameUserBody }, ({ path, body, caller }) => {
  mustBeAbout(caller, path.id);
  return renameUser(path.id, body.username);
});
