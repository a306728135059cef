import { timestamp } from '../clock.js';
import { NotFoundError } from '../errors.js';
import type { EventMessage } from '../events/event-message.js';
import { type EventRecord, type Page, storedDetails, toEventRecord } from '../records.js';
import { accessPatterns, indexAttributes, keys } from './keys.js';
import { check, type Item, put, readWindow, reserveIds, transact, type Window } from './operations.js';
import { URL_NOT_FOUND } from './urls.js';
import { USER_NOT_FOUND, userIsActive } from './users.js';

/** How long a delivery marker is kept: longer than a message can live in the queue (4 days) with margin. */
const DELIVERY_MARKER_TTL_SECONDS = 15 * 24 * 3600;

export function eventItem(event: EventRecord): Item {
  return {
    ...keys.event(event.url_id, event.id),
    ...indexAttributes.event(event),
    ...event,
    details: storedDetails(event.details),
  };
}

const urlExists = (urlId: number) => check(keys.url(urlId), 'attribute_exists(PK)');

/**
 * Stores an event sent to POST /events. The user and the URL must exist (and the user not be mid-deletion),
 * checked in the same transaction that writes the event.
 */
export async function recordEvent(input: Omit<EventRecord, 'id' | 'timestamp'>): Promise<EventRecord> {
  const id = await reserveIds('event');
  const event: EventRecord = {
    id,
    url_id: input.url_id,
    user_id: input.user_id,
    event_type: input.event_type,
    timestamp: timestamp(),
    details: input.details,
  };
  const outcome = await transact([userIsActive(event.user_id), urlExists(event.url_id), put(eventItem(event))]);
  if (!outcome.ok) throw new NotFoundError(outcome.failed.includes(0) ? USER_NOT_FOUND : URL_NOT_FOUND);
  return event;
}

export type DeliveryOutcome = 'stored' | 'duplicate' | 'dropped';

/**
 * Stores one automatic event taken from the queue, under an id reserved by the caller. One transaction
 * checks that the URL and its user still exist, writes the event, and writes a marker of the message; if
 * the marker is already there the message was stored before and is reported `duplicate`. An event whose
 * URL or user is gone is `dropped`: it is never stored after its URL or user was deleted.
 */
export async function storeDeliveredEvent(id: number, message: EventMessage): Promise<DeliveryOutcome> {
  const event: EventRecord = {
    id,
    url_id: message.url_id,
    user_id: message.user_id,
    event_type: message.event_type,
    timestamp: message.timestamp,
    details: message.details,
  };
  const marker = {
    ...keys.eventDelivery(event.url_id, message.message_id),
    event_id: id,
    expires_at: Math.floor(Date.now() / 1000) + DELIVERY_MARKER_TTL_SECONDS,
  };
  const outcome = await transact([
    userIsActive(event.user_id),
    urlExists(event.url_id),
    put(eventItem(event)),
    put(marker, 'attribute_not_exists(PK)'),
  ]);
  if (outcome.ok) return 'stored';
  return outcome.failed.includes(3) ? 'duplicate' : 'dropped';
}

/** Reserves the ids of a whole batch of events with one counter update; returns the first. */
export const reserveEventIds = (count: number) => reserveIds('event', count);

export interface EventFilters {
  url_id?: number;
  user_id?: number;
  event_type?: string;
}

/**
 * Events ordered by id. The most selective filter picks the access pattern (a URL's partition, else a
 * user's index, else the type's index); any other filter is applied while reading.
 */
export async function listEvents(
  filters: EventFilters,
  window: Pick<Window, 'skip' | 'limit' | 'cursor'>,
): Promise<Page<EventRecord>> {
  const conditions: string[] = [];
  const values: Record<string, unknown> = {};
  const pattern =
    filters.url_id !== undefined
      ? accessPatterns.eventsOfUrl(filters.url_id)
      : filters.user_id !== undefined
        ? accessPatterns.eventsOfUser(filters.user_id)
        : filters.event_type !== undefined
          ? accessPatterns.eventsByType(filters.event_type)
          : accessPatterns.allEvents();
  if (filters.url_id !== undefined && filters.user_id !== undefined) {
    conditions.push('user_id = :userId');
    values[':userId'] = filters.user_id;
  }
  if (filters.event_type !== undefined && (filters.url_id !== undefined || filters.user_id !== undefined)) {
    conditions.push('event_type = :eventType');
    values[':eventType'] = filters.event_type;
  }
  const { items, next } = await readWindow(pattern, {
    ...window,
    ...(conditions.length > 0 && { filter: { expression: conditions.join(' AND '), values } }),
  });
  return { items: items.map(toEventRecord), next };
}
