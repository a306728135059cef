import { queueClickCount } from '#shared/events/publisher.js';
import { idempotentRequests } from '#shared/http/idempotency.js';
import { httpRoute } from '#shared/http/route.js';
import { createEventBody } from '#shared/schemas.js';
import { recordEvent } from '#shared/store/record-event.js';

/** POST /events: synchronous, unlike the automatic events (a contended click is counted by the writer). */
export const handler = httpRoute(
  { success: 201, body: createEventBody, idempotent: idempotentRequests() },
  ({ body, idempotency }) => recordEvent(body, queueClickCount, idempotency?.identity),
);
