import { revokeKeyRoute } from '#shared/api/keys.js';
import { httpRoute } from '#shared/http/route.js';
import { revokeKey } from '#shared/store/key-revocation.js';

/** DELETE /keys/{key_id}: any key, an operator's or a user's (with every key it made), stops working. */
export const handler = httpRoute(revokeKeyRoute, async ({ path }) => {
  await revokeKey(path.key_id);
});
