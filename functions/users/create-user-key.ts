import { mustBeAbout } from '#shared/http/caller.js';
import { httpRoute } from '#shared/http/route.js';
import { createUserKeyBody, idPath } from '#shared/schemas.js';
import { createUserKey } from '#shared/store/key-creation.js';

/**
 * POST /users/{id}/keys: a new access key of the user, shown this once (an operator key, or the user's own). A
 * key a user key makes records it: revoking that key revokes this one too.
 */
export const handler = httpRoute({ success: 201, path: idPath, body: createUserKeyBody }, ({ path, body, caller }) => {
  mustBeAbout(caller, path.id);
  return createUserKey(path.id, body, caller.kind === 'user' ? (caller.keyId ?? null) : null);
});
