import * as z from 'zod/mini';
import { eventDetails, eventType } from '../schemas/events.js';
import { positiveId } from '../schemas/primitives.js';
/**
 * The body of an automatic event on the events queue. The event's id is decided by the function that queues
 * it (from its lease of ids), so that the writer stores it under the same key however often the message is
 * delivered: a redelivery rewrites the same item, it never adds a second event.
 *
 * A message without `event_id` (queued when no id could be leased, or by an older version) has a
 * `message_id` instead: the writer gives it an id once and keeps it under that message id (store/event-delivery.ts).
 */
export const eventMessage = z
  .object({
    event_id: z.optional(positiveId),
    message_id: z.optional(z.string().check(z.minLength(1), z.maxLength(64))),
    url_id: positiveId,
    user_id: positiveId,
    /** The URL's owner, so that lists can leave out the events of a deleted owner's links. */
    owner_id: z.optional(positiveId),
    event_type: eventType,
    timestamp: z.string().check(z.minLength(1), z.maxLength(32)),
    details: eventDetails,
    /**
     * A click's visitor tag (store/visitor-secrets.ts), for the statistics' unique visitors. It is not part
     * of the event and is never stored with it: the writer keeps it for the counter in a visitor batch
     * (store/visitor-batches.ts) for two days at most.
     */
    visitor: z.optional(z.int().check(z.gte(0), z.lte(0xffffffff))),
  })
  .check(
    z.refine((message) => message.event_id !== undefined || message.message_id !== undefined, {
      message: 'An event message has its event_id, or (old format) a message_id',
    }),
  );

export type EventMessage = z.infer<typeof eventMessage>;

/**
 * Another job for the writer on the same queue: sweep the events of a deleted URL or user once more, a while
 * after the delete, so that nothing a failed writer left behind stays stored.
 */
export const sweepMessage = z.object({ sweep: z.enum(['url', 'user']), id: positiveId });

export type SweepMessage = z.infer<typeof sweepMessage>;

/** The automatic events: the spec's, and `expired` (docs/decisions.md, "Link lifecycle"). */
export type AutomaticEventType = 'created' | 'accessed' | 'click' | 'updated' | 'expired';
