import { createEventRoute } from '#shared/api/events.js';
import { actingUser, ownerOf } from '#shared/http/caller.js';
import { idempotentRequests } from '#shared/http/idempotency.js';
import { httpRoute } from '#shared/http/route.js';
import { recordEvent } from '#shared/store/record-event.js';

/** POST /events: stored at once, unlike the automatic events; a click is counted from the table's stream. */
export const handler = httpRoute(
  createEventRoute,
  { idempotent: idempotentRequests() },
  ({ body, idempotency, caller }) =>
    recordEvent(
      { ...body, user_id: actingUser(caller, body.user_id) ?? body.user_id },
      idempotency?.identity,
      ownerOf(caller),
    ),
);
