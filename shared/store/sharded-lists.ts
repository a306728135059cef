import { fnv1a } from '../platform/fnv1a.js';
import { accessPatterns, type EventShardPattern, hasTypeList } from './keys.js';
import { eventListShards } from './levers.js';

/**
 * How event lists are spread over partitions. Every event is in four lists: its URL's, its user's, its
 * type's (not a click: clicks are read from the list of all events) and the list of all events. Each list is split into shards, one partition key value each (of the
 * table for a URL's list, of an index for the others). A list has one shard until it gets hot; then its
 * shard count grows, by `growth` each time, up to `max` (levers.ts), and never shrinks: readers merge every shard a list has
 * ever had, so an event written with an older layout is always read.
 *
 * The writer places an event when it writes it, with the layout of that moment: a backlog queued before a
 * list was widened spreads over the new shards at once. The place is a function of the event's id and the
 * layout, so writing the same event again with the same layout rewrites the same item. Only if the URL's
 * list was widened between two deliveries of one message can its item exist twice (under two shards of the
 * URL's list); readers merge by id and keep one, and a redelivery removes the copy a smaller count made.
 * The layout is an item of its own (shard-layout.ts reads and widens it); this module is pure.
 */

export type EventList =
  | { kind: 'url'; urlId: number }
  | { kind: 'user'; userId: number }
  | { kind: 'type'; eventType: string }
  | { kind: 'all' };

/** Shard counts by list name (`url:12`, `user:3`, `type:click`, `all`); a list not named has one shard. */
export type ShardLayout = Readonly<Record<string, number>>;

/** The shard an event is in, in each of its four lists. */
export interface EventShards {
  url: number;
  user: number;
  type: number;
  all: number;
}

const { growth: GROWTH } = eventListShards;

export function listName(list: EventList): string {
  switch (list.kind) {
    case 'url':
      return `url:${list.urlId}`;
    case 'user':
      return `user:${list.userId}`;
    case 'type':
      return `type:${list.eventType}`;
    case 'all':
      return 'all';
  }
}

export const shardCount = (layout: ShardLayout, list: EventList): number => layout[listName(list)] ?? 1;

/**
 * The wider of two readings of the layout, list by list: counts only grow, so the larger count is the newer
 * (a cached reading may be older than one just read consistently).
 */
export function widestLayout(a: ShardLayout, b: ShardLayout): ShardLayout {
  const widest: Record<string, number> = { ...a };
  for (const [name, count] of Object.entries(b)) widest[name] = Math.max(count, widest[name] ?? 1);
  return widest;
}

/** The lists an event is in: four, or three for a click (it has no list of its type: keys.ts, `hasTypeList`). */
export function listsOf(event: { url_id: number; user_id: number; event_type: string }): EventList[] {
  return [
    { kind: 'url', urlId: event.url_id },
    { kind: 'user', userId: event.user_id },
    ...(hasTypeList(event.event_type) ? [{ kind: 'type', eventType: event.event_type } as const] : []),
    { kind: 'all' },
  ];
}

/** A well-mixed 32-bit hash of an event id and a list name, so that shards fill evenly. */
const placement = (id: number, name: string): number => fnv1a(`${id}/${name}`);

/** The shard of an event in a list of `count` shards. */
export const shardOf = (id: number, list: EventList, count: number): number => placement(id, listName(list)) % count;

/** Where an event goes in each of its lists, with this layout. */
export function chooseShards(
  layout: ShardLayout,
  event: { id: number; url_id: number; user_id: number; event_type: string },
): EventShards {
  const place = (list: EventList) => shardOf(event.id, list, shardCount(layout, list));
  return {
    url: place({ kind: 'url', urlId: event.url_id }),
    user: place({ kind: 'user', userId: event.user_id }),
    type: place({ kind: 'type', eventType: event.event_type }),
    all: place({ kind: 'all' }),
  };
}

/** The URL shards an event had under the smaller counts a list passed through before `count` (1, 4, 16...). */
export function earlierUrlShards(id: number, urlId: number, count: number): number[] {
  const shards = new Set<number>();
  for (let smaller = count / GROWTH; smaller >= 1; smaller /= GROWTH)
    shards.add(shardOf(id, { kind: 'url', urlId }, smaller));
  shards.delete(shardOf(id, { kind: 'url', urlId }, count));
  return [...shards];
}

/** One shard of a list, ordered by event id. */
function shardPattern(list: EventList, shard: number): EventShardPattern {
  switch (list.kind) {
    case 'url':
      return accessPatterns.eventsOfUrl(list.urlId, shard);
    case 'user':
      return accessPatterns.eventsOfUser(list.userId, shard);
    case 'type':
      return accessPatterns.eventsByType(list.eventType, shard);
    case 'all':
      return accessPatterns.allEvents(shard);
  }
}

/** The shards of a list to read, each ordered by event id. */
export const shardPatterns = (list: EventList, count: number): EventShardPattern[] =>
  Array.from({ length: count }, (_, shard) => shardPattern(list, shard));
