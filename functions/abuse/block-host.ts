import { blockHostRoute } from '#shared/api/abuse.js';
import { httpRoute } from '#shared/http/route.js';
import { blockedHostOf } from '#shared/platform/hosts.js';
import { blockHost } from '#shared/store/blocked-hosts.js';

/**
 * PUT /blocked-hosts/{host}: links to it (a host name and its subdomains, an IP address, or every address of a
 * CIDR range) are refused, and existing ones answer 410. Any spelling of an entry is stored as its canonical
 * text (shared/platform/hosts.ts), so blocking it twice is one entry.
 */
export const handler = httpRoute(blockHostRoute, async ({ path }) => {
  await blockHost(blockedHostOf(path.host));
});
