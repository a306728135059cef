import { listBlockedHostsRoute } from '#shared/api/abuse.js';
import { httpRoute } from '#shared/http/route.js';
import { listBlockedHosts } from '#shared/store/blocked-hosts.js';

/** GET /blocked-hosts: every blocked host, by name, with when it was blocked. */
export const handler = httpRoute(listBlockedHostsRoute, () => listBlockedHosts());
