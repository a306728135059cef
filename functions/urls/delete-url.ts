import { deleteUrlRoute } from '#shared/api/urls.js';
import { scheduleEventSweep } from '#shared/events/publisher.js';
import { ownerOf } from '#shared/http/caller.js';
import { httpRoute } from '#shared/http/route.js';
import { deleteUrlCascade } from '#shared/store/link-deletion.js';

/** DELETE /urls/{id}: the URL, its short code and its events, and a second sweep of them later. */
export const handler = httpRoute(deleteUrlRoute, async ({ path, caller }) => {
  await deleteUrlCascade(path.id, { owner: ownerOf(caller), whenDeleted: () => scheduleEventSweep('url', path.id) });
});
