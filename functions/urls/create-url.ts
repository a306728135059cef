import { serviceConfig } from '#shared/config.js';
import { publishUrlEvent } from '#shared/events/publisher.js';
import { actingUser } from '#shared/http/caller.js';
import { idempotentRequests } from '#shared/http/idempotency.js';
import { httpRoute } from '#shared/http/route.js';
import { missingField } from '#shared/http/validation.js';
import { checkLinkTarget } from '#shared/link-rules.js';
import { createOwnUrlBody, createUrlBody } from '#shared/schemas.js';
import { withShortUrl } from '#shared/short-links.js';
import { createUrl } from '#shared/store/urls.js';

/** POST /urls: under a chosen short code or a generated one, with its lifecycle; emits `created`. */
export const handler = httpRoute(
  {
    success: 201,
    body: serviceConfig().authMode === 'keys' ? createOwnUrlBody : createUrlBody,
    idempotent: idempotentRequests(),
  },
  async ({ body, idempotency, caller, event }) => {
    const userId = actingUser(caller, body.user_id) ?? missingField('user_id');
    await checkLinkTarget('original_url', body.original_url, event);
    if (body.expired_url) await checkLinkTarget('expired_url', body.expired_url, event);
    const url = await createUrl({ ...body, user_id: userId }, idempotency?.identity);
    await publishUrlEvent('created', url);
    return withShortUrl(event, url);
  },
);
