import { createUserKeyRoute } from '#shared/api/keys.js';
import { mustBeAbout } from '#shared/http/caller.js';
import { httpRoute } from '#shared/http/route.js';
import { createUserKey } from '#shared/store/key-creation.js';

/**
 * POST /users/{id}/keys: a new access key of the user, shown this once (an operator key, or the user's own). A
 * key a user key makes records it: revoking that key revokes this one too.
 */
export const handler = httpRoute(createUserKeyRoute, ({ path, body, caller }) => {
  mustBeAbout(caller, path.id);
  return createUserKey(path.id, body, caller.kind === 'user' ? (caller.keyId ?? null) : null);
});
