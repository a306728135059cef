import { publishUrlEvent } from '#shared/events/publisher.js';
import { ownerOf } from '#shared/http/caller.js';
import { httpRoute } from '#shared/http/route.js';
import { idPath, updateUrlBody } from '#shared/schemas.js';
import { withShortUrl } from '#shared/short-links.js';
import { updateUrl } from '#shared/store/urls.js';

/** PUT /urls/{id}: title and/or is_active; emits `updated`. */
export const handler = httpRoute({ path: idPath, body: updateUrlBody }, async ({ path, body, caller, event }) => {
  const url = await updateUrl(path.id, body, ownerOf(caller));
  await publishUrlEvent('updated', url);
  return withShortUrl(event, url);
});
