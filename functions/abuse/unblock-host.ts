import { unblockHostRoute } from '#shared/api/abuse.js';
import { httpRoute } from '#shared/http/route.js';
import { blockedHostOf } from '#shared/platform/hosts.js';
import { unblockHost } from '#shared/store/blocked-hosts.js';

/**
 * DELETE /blocked-hosts/{host}: its links redirect again (within seconds); 404 when it was not blocked. Any
 * spelling of the entry names it, as it is stored canonical (shared/platform/hosts.ts).
 */
export const handler = httpRoute(unblockHostRoute, async ({ path }) => {
  await unblockHost(blockedHostOf(path.host));
});
