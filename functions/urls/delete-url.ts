import { scheduleEventSweep } from '#shared/events/publisher.js';
import { httpRoute } from '#shared/http/route.js';
import { idPath } from '#shared/schemas.js';
import { deleteUrlCascade } from '#shared/store/urls.js';

/** DELETE /urls/{id}: the URL, its short code and its events, and a second sweep of them later. */
export const handler = httpRoute({ success: 204, path: idPath }, async ({ path }) => {
  await deleteUrlCascade(path.id, { whenDeleted: () => scheduleEventSweep('url', path.id) });
});
