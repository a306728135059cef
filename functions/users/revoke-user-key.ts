import { revokeUserKeyRoute } from '#shared/api/keys.js';
import { mustBeAbout } from '#shared/http/caller.js';
import { httpRoute } from '#shared/http/route.js';
import { revokeKey } from '#shared/store/key-revocation.js';

/** DELETE /users/{id}/keys/{key_id}: the key, and every key it made, stop working (within a second where hot). */
export const handler = httpRoute(revokeUserKeyRoute, async ({ path, caller }) => {
  mustBeAbout(caller, path.id);
  await revokeKey(path.key_id, path.id);
});
