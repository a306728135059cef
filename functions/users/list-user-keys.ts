import { mustBeAbout } from '#shared/http/caller.js';
import { httpRoute } from '#shared/http/route.js';
import { idPath } from '#shared/schemas.js';
import { listUserKeys } from '#shared/store/access-keys.js';
import { getUser } from '#shared/store/users.js';

/** GET /users/{id}/keys: the user's keys, each with its prefix, never the key itself. */
export const handler = httpRoute({ path: idPath }, async ({ path, caller }) => {
  mustBeAbout(caller, path.id);
  await getUser(path.id);
  return listUserKeys(path.id);
});
