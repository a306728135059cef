import { blockedHostOf } from '#shared/hosts.js';
import { httpRoute } from '#shared/http/route.js';
import { hostPath } from '#shared/schemas.js';
import { blockHost } from '#shared/store/blocked-hosts.js';

/** PUT /blocked-hosts/{host}: links to it (and its subdomains) are refused, and existing ones answer 410. */
export const handler = httpRoute({ access: 'operator', success: 204, path: hostPath }, async ({ path }) => {
  await blockHost(blockedHostOf(path.host));
});
