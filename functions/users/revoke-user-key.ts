import { mustBeAbout } from '#shared/http/caller.js';
import { httpRoute } from '#shared/http/route.js';
import { userKeyPath } from '#shared/schemas.js';
import { revokeUserKey } from '#shared/store/access-keys.js';

/** DELETE /users/{id}/keys/{key_id}: the key stops working (within a second where it is hot). */
export const handler = httpRoute({ success: 204, path: userKeyPath }, async ({ path, caller }) => {
  mustBeAbout(caller, path.id);
  await revokeUserKey(path.id, path.key_id);
});
