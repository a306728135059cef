import { updateUrlRoute } from '#shared/api/urls.js';
import { publishUrlEvent } from '#shared/events/publisher.js';
import { ownerOf } from '#shared/http/caller.js';
import { ownAddresses } from '#shared/http/own-addresses.js';
import { httpRoute } from '#shared/http/route.js';
import { linkTargetCheck } from '#shared/links/link-rules.js';
import { withShortUrl } from '#shared/links/short-links.js';
import { updateUrl } from '#shared/store/link-updates.js';

/** PUT /urls/{id}: its target, title, state and lifecycle (not its short code); emits `updated`. */
export const handler = httpRoute(updateUrlRoute, async ({ path, body, caller, event }) => {
  if (body.original_url || body.expired_url) {
    const checkTarget = await linkTargetCheck(ownAddresses(event));
    if (body.original_url) checkTarget('original_url', body.original_url);
    if (body.expired_url) checkTarget('expired_url', body.expired_url);
  }
  const url = await updateUrl(path.id, body, ownerOf(caller));
  await publishUrlEvent('updated', url);
  return withShortUrl(event, url);
});
