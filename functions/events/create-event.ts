import { queueClickCount } from '#shared/events/publisher.js';
import { actingUser, ownerOf } from '#shared/http/caller.js';
import { idempotentRequests } from '#shared/http/idempotency.js';
import { httpRoute } from '#shared/http/route.js';
import { createEventBody } from '#shared/schemas.js';
import { recordEvent } from '#shared/store/record-event.js';

/** POST /events: synchronous, unlike the automatic events (a contended click is counted by the writer). */
export const handler = httpRoute(
  { success: 201, body: createEventBody, idempotent: idempotentRequests() },
  ({ body, idempotency, caller }) =>
    recordEvent(
      { ...body, user_id: actingUser(caller, body.user_id) ?? body.user_id },
      queueClickCount,
      idempotency?.identity,
      ownerOf(caller),
    ),
);
