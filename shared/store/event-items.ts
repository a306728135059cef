import type { EventRecord } from '../domain/records.js';
import { indexAttributes, type Key, keys } from './keys.js';
import { storedDetails, toEventRecord } from './record-items.js';
import {
  chooseShards,
  type EventList,
  type EventShards,
  earlierUrlShards,
  type ShardLayout,
  shardCount,
  shardOf,
} from './sharded-lists.js';
import { getItems, type Item, keyOf } from './table.js';

/**
 * Events as stored: written without transactions and without touching any shared item per event (see
 * docs/capacity.md). An event's id is decided before it is written, and its place (its shard in each list,
 * sharded-lists.ts) is a function of the id and the layout, so writing it again rewrites the same
 * item.
 */

/** The event type the statistics count. */
export const CLICK = 'click';

/**
 * An event as stored: the record and the owner of its URL (lists hide the events of a deleted owner), and
 * whether it was posted (POST /events) rather than observed (a redirect, an automatic event): the statistics
 * tell posted clicks apart.
 */
export interface OwnedEvent extends EventRecord {
  owner_id: number;
  posted?: boolean;
  /** A redirect's click: the writer batch whose item holds its visitor tag (visitor-batches.ts), if it has one. */
  visitor_batch?: string;
}

/** An event in its place: its shard in each of its lists. */
export interface PlacedEvent extends OwnedEvent {
  shards: EventShards;
}

export const eventKey = (event: PlacedEvent): Key => keys.event(event.url_id, event.shards.url, event.id);

export function eventItem(event: PlacedEvent): Item {
  return {
    ...eventKey(event),
    ...indexAttributes.event(event, event.shards),
    id: event.id,
    url_id: event.url_id,
    user_id: event.user_id,
    event_type: event.event_type,
    timestamp: event.timestamp,
    details: storedDetails(event.details),
    ...(event.posted && { posted: true }),
    ...(event.visitor_batch !== undefined && { visitor_batch: event.visitor_batch }),
    owner_id: event.owner_id,
    // When the event became visible: the pipeline's delay is stored_at - timestamp.
    stored_at: Date.now(),
  };
}

/** An event placed with this layout. */
export const placed = <T extends OwnedEvent>(event: T, layout: ShardLayout): T & PlacedEvent => ({
  ...event,
  shards: chooseShards(layout, event),
});

/** An event read from the table, with the owner of its URL. */
export const toOwnedEvent = (item: Item): OwnedEvent => ({
  ...toEventRecord(item),
  owner_id: Number(item.owner_id),
  ...(item.posted === true && { posted: true }),
});

/** Which of these URLs exist, read consistently. */
export async function existingUrls(urlIds: number[]): Promise<Set<number>> {
  const found = await getItems(urlIds.map((urlId) => keys.url(urlId)));
  return new Set(urlIds.filter((urlId) => found.has(keyOf(keys.url(urlId)))));
}

/** Every key an event of this URL can have been written under: each shard of every count its list has had. */
export function possibleKeys(event: { id: number; url_id: number }, layout: ShardLayout): Key[] {
  const list: EventList = { kind: 'url', urlId: event.url_id };
  const count = shardCount(layout, list);
  return [shardOf(event.id, list, count), ...earlierUrlShards(event.id, event.url_id, count)].map((shard) =>
    keys.event(event.url_id, shard, event.id),
  );
}
