import { createUrlRoute } from '#shared/api/urls.js';
import { idempotentRequests } from '#shared/http/idempotency.js';
import { ownAddresses } from '#shared/http/own-addresses.js';
import { httpRoute } from '#shared/http/route.js';
import { withShortUrl } from '#shared/http/short-links.js';
import { createShortLink } from '#shared/links/create-short-link.js';
import { linkTargetCheck } from '#shared/links/link-rules.js';

/** POST /urls: under a chosen short code or a generated one, with its lifecycle; emits `created`. */
export const handler = httpRoute(
  createUrlRoute,
  { idempotent: idempotentRequests() },
  async ({ body, idempotency, caller, event }) =>
    withShortUrl(
      event,
      await createShortLink(body, {
        caller,
        checkTarget: await linkTargetCheck(ownAddresses(event)),
        identity: idempotency?.identity,
      }),
    ),
);
