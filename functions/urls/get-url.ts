import { getUrlRoute } from '#shared/api/urls.js';
import { publishUrlEvent } from '#shared/events/publisher.js';
import { ownerOf } from '#shared/http/caller.js';
import { httpRoute } from '#shared/http/route.js';
import { withShortUrl } from '#shared/http/short-links.js';
import { getActiveUrl } from '#shared/store/link-reads.js';

/** GET /urls/{id}: active URLs only; emits `accessed` (not for HEAD). */
export const handler = httpRoute(getUrlRoute, async ({ path, head, caller, event }) => {
  const url = await getActiveUrl(path.id, ownerOf(caller));
  if (!head) await publishUrlEvent('accessed', url);
  return withShortUrl(event, url);
});
