import { publishUrlEvent } from '#shared/events/publisher.js';
import { httpRoute } from '#shared/http/route.js';
import { createUrlBody } from '#shared/schemas.js';
import { createUrl } from '#shared/store/urls.js';

/** POST /urls: emits `created`. */
export const handler = httpRoute({ success: 201, body: createUrlBody }, async ({ body }) => {
  const url = await createUrl(body);
  await publishUrlEvent('created', url);
  return url;
});
