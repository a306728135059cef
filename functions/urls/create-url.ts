import { publishUrlEvent } from '#shared/events/publisher.js';
import { idempotentRequests } from '#shared/http/idempotency.js';
import { httpRoute } from '#shared/http/route.js';
import { createUrlBody } from '#shared/schemas.js';
import { createUrl } from '#shared/store/urls.js';

/** POST /urls: emits `created`. */
export const handler = httpRoute(
  { success: 201, body: createUrlBody, idempotent: idempotentRequests() },
  async ({ body, idempotency }) => {
    const url = await createUrl(body, idempotency?.identity);
    await publishUrlEvent('created', url);
    return url;
  },
);
