import { publishUrlEvent } from '#shared/events/publisher.js';
import { httpRoute } from '#shared/http/route.js';
import { idPath } from '#shared/schemas.js';
import { getActiveUrl } from '#shared/store/urls.js';

/** GET /urls/{id}: active URLs only; emits `accessed`. */
export const handler = httpRoute({ path: idPath }, async ({ path }) => {
  const url = await getActiveUrl(path.id);
  await publishUrlEvent('accessed', url);
  return url;
});
