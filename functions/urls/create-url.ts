import { createUrlRoute } from '#shared/api/urls.js';
import { idempotentRequests } from '#shared/http/idempotency.js';
import { httpRoute } from '#shared/http/route.js';
import { createShortLink } from '#shared/links/create-short-link.js';

/** POST /urls: under a chosen short code or a generated one, with its lifecycle; emits `created`. */
export const handler = httpRoute(
  createUrlRoute,
  { idempotent: idempotentRequests() },
  ({ body, idempotency, caller, event }) => createShortLink(body, { caller, event, identity: idempotency?.identity }),
);
