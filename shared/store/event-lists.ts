import type { EventRecord, Page } from '../domain/records.js';
import { decodeAfterCursor, encodeAfterCursor } from './cursor.js';
import { isOfDeleted, type RecentDeletions, recentDeletions } from './deletion-copies.js';
import { type OwnedEvent, toOwnedEvent } from './event-items.js';
import { hotReads } from './hot-key-cache.js';
import { hasTypeList, sortableId } from './keys.js';
import type { PageRequest } from './list-pages.js';
import { currentLayout } from './shard-layout.js';
import { readMergedPage } from './shard-merge.js';
import { type EventList, listName, shardCount, shardPatterns } from './sharded-lists.js';
import type { Item } from './table.js';

interface EventFilters {
  url_id?: number;
  user_id?: number;
  event_type?: string;
}

/**
 * Events ordered by id. The most selective filter picks the list (a URL's, else a user's, else a type's
 * (clicks have none), else all events); any other filter is applied while reading. The list's shards are merged by id (one
 * query per shard); events of URLs or users deleted lately are left out (deletion-copies.ts).
 *
 * The deletions are read on every call, so that even a page kept in memory never shows a deleted URL's
 * events, and at the same time as the page, which is read without them: that page is the right one unless
 * it holds an event they cover (one a writer landed just after its URL's deletion swept, for the moment
 * before the writer removes it), and then the page is read again leaving those out, so it stays full.
 */
export async function listEvents(
  filters: EventFilters,
  window: Pick<PageRequest, 'skip' | 'limit' | 'cursor'>,
): Promise<Page<EventRecord>> {
  const [deletions, page] = await Promise.all([
    recentDeletions(),
    hotReads.read(`events:${JSON.stringify([filters, window])}`, () => readEvents(filters, window)),
  ]);
  const shown = page.items.some((event) => isOfDeleted(event, deletions))
    ? await readEvents(filters, window, deletions)
    : page;
  return {
    next: shown.next,
    cursorAfter: shown.cursorAfter,
    items: shown.items.map(({ owner_id: _, posted: __, ...event }) => event),
  };
}

/** A page of events; with `deletions`, leaving out (and reading past) the events they cover. */
async function readEvents(
  filters: EventFilters,
  window: Pick<PageRequest, 'skip' | 'limit' | 'cursor'>,
  deletions?: RecentDeletions,
): Promise<Page<OwnedEvent>> {
  const list: EventList =
    filters.url_id !== undefined
      ? { kind: 'url', urlId: filters.url_id }
      : filters.user_id !== undefined
        ? { kind: 'user', userId: filters.user_id }
        : filters.event_type !== undefined && hasTypeList(filters.event_type)
          ? { kind: 'type', eventType: filters.event_type }
          : { kind: 'all' };
  const conditions: string[] = [];
  const values: Record<string, unknown> = {};
  if (filters.url_id !== undefined && filters.user_id !== undefined) {
    conditions.push('user_id = :userId');
    values[':userId'] = filters.user_id;
  }
  // Clicks have no list of their own (keys.ts, `hasTypeList`): theirs is the list of all events, filtered.
  if (filters.event_type !== undefined && list.kind !== 'type') {
    conditions.push('event_type = :eventType');
    values[':eventType'] = filters.event_type;
  }
  // The cursor belongs to this list with these filters, and says after which event id to go on.
  const identity = JSON.stringify([listName(list), filters]);
  const after = window.cursor === undefined ? undefined : decodeAfterCursor(identity, window.cursor);
  const layout = await currentLayout();
  const items = await readMergedPage(shardPatterns(list, shardCount(layout, list)), {
    skip: window.skip,
    limit: window.limit,
    after,
    ...(conditions.length > 0 && { filter: { expression: conditions.join(' AND '), values } }),
    ...(deletions && { keep: (item: Item) => !isOfDeleted(item, deletions) }),
  });
  const cursorAfter = (index: number) => encodeAfterCursor(identity, sortableId(Number((items[index] as Item).id)));
  return {
    items: items.map(toOwnedEvent),
    next: items.length === window.limit && items.length > 0 ? cursorAfter(items.length - 1) : undefined,
    cursorAfter,
  };
}
