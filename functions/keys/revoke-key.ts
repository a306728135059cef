import { httpRoute } from '#shared/http/route.js';
import { keyPath } from '#shared/schemas.js';
import { revokeKey } from '#shared/store/key-revocation.js';

/** DELETE /keys/{key_id}: any key, an operator's or a user's (with every key it made), stops working. */
export const handler = httpRoute({ access: 'operator', success: 204, path: keyPath }, async ({ path }) => {
  await revokeKey(path.key_id);
});
