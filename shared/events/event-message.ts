import * as z from 'zod/mini';
import { eventDetails, eventType, positiveId } from '../schemas.js';

/**
 * The body of an automatic event on the events queue. `message_id` is set once by the publisher and
 * makes the writer idempotent: a redelivered message is recognised and not stored twice.
 */
export const eventMessage = z.object({
  message_id: z.string().check(z.minLength(1), z.maxLength(64)),
  url_id: positiveId,
  user_id: positiveId,
  event_type: eventType,
  timestamp: z.string().check(z.minLength(1), z.maxLength(32)),
  details: eventDetails,
});

export type EventMessage = z.infer<typeof eventMessage>;

/** The automatic events of the spec. */
export type AutomaticEventType = 'created' | 'accessed' | 'click' | 'updated';
