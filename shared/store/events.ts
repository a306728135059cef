import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { timestamp } from '../clock.js';
import { NotFoundError, OverloadedError } from '../errors.js';
import { logger } from '../logger.js';
import { type EventRecord, type Page, storedDetails, toEventRecord } from '../records.js';
import { countClicks, deleteClickStats, detachLinkStats, uncountClicks, userScope } from './click-stats.js';
import { decodeAfterCursor, encodeAfterCursor } from './cursor.js';
import { isOfDeleted, type RecentDeletions, recentDeletions } from './deletions.js';
import { eventIds } from './event-ids.js';
import { currentLayout, widenLists } from './event-layout.js';
import {
  chooseShards,
  type EventList,
  type EventShards,
  earlierUrlShards,
  listName,
  listsOf,
  type ShardLayout,
  shardCount,
  shardOf,
  shardPatterns,
} from './event-shards.js';
import { hotKeyCache } from './hot-key-cache.js';
import { accessPatterns, indexAttributes, type Key, keys, sortableId } from './keys.js';
import {
  deleteKeys,
  documentClient,
  getItem,
  getItems,
  type Item,
  itemKey,
  keyOf,
  pause,
  put,
  readAll,
  readMergedWindow,
  TableName,
  type Window,
  writeItemsOnce,
} from './operations.js';
import { URL_NOT_FOUND } from './urls.js';
import { ACTIVE, USER_NOT_FOUND } from './users.js';

/**
 * Events: written without transactions and without touching any shared item per event (see
 * docs/capacity.md). An event's id is decided before it is written, and its place (its shard in each list)
 * is a function of the id and the layout, so writing it again rewrites the same item. A writer checks the
 * URL before and after writing, and removes what it wrote if the URL went meanwhile, so a deletion's sweep
 * is never outrun.
 */

/** An event as stored: the record and the owner of its URL (lists hide the events of a deleted owner). */
export interface OwnedEvent extends EventRecord {
  owner_id: number;
}

/** An event in its place: its shard in each of its lists. */
interface PlacedEvent extends OwnedEvent {
  shards: EventShards;
}

const eventKey = (event: PlacedEvent): Key => keys.event(event.url_id, event.shards.url, event.id);

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

/**
 * Stores an event sent to POST /events. The user must exist and not be mid-deletion, and the URL must exist,
 * read consistently before the event is written; a deletion racing the write is covered like an automatic
 * event's (deletions.ts, and the delayed sweep).
 *
 * A click is stored and counted in one transaction. When its link's statistics are too contended for that
 * (many clicks of one link at once: their counts items take one transaction at a time), it is stored on its
 * own and `countLater` hands it to the event writer, which counts clicks in bulk.
 */
export async function recordEvent(
  input: Omit<EventRecord, 'id' | 'timestamp'>,
  countLater: (click: { id: number; url_id: number }) => Promise<void>,
): Promise<EventRecord> {
  const userKey = keys.user(input.user_id);
  const urlKey = keys.url(input.url_id);
  const [found, id, layout] = await Promise.all([getItems([userKey, urlKey]), eventIds.next(), currentLayout()]);
  const user = found.get(keyOf(userKey));
  const url = found.get(keyOf(urlKey));
  if (!user || user.state !== ACTIVE) throw new NotFoundError(USER_NOT_FOUND);
  if (!url) throw new NotFoundError(URL_NOT_FOUND);
  const event = { ...input, id, timestamp: timestamp(), owner_id: Number(url.user_id) };
  const item = eventItem(placed(event, layout));
  if (event.event_type === CLICK) {
    // A click is stored in the same transaction that counts it in the statistics.
    try {
      await countClicks([event], {
        deadline: Date.now() + CLICK_COUNT_PATIENCE_MS,
        also: [put(item, 'attribute_not_exists(PK)')],
      });
    } catch (error) {
      if (!(error instanceof OverloadedError)) throw error;
      // A transaction whose answer was lost may have been applied: then it is stored and counted already.
      if (!(await getItem(keys.clickCounted(id)))) {
        try {
          await documentClient.send(new PutCommand({ TableName, Item: item }));
        } finally {
          // Even when the put failed: it may have been applied with its answer lost (the request then answers
          // 503 with the click stored). The writer counts a click only if it finds it stored.
          await countLater({ id, url_id: event.url_id });
        }
      }
    }
    // A deletion of the URL may have taken its statistics out between the read above and this count: as the
    // writer does, read the URL again, and take them out once more if it is gone (its sweep removes the event).
    // The click is stored: this check must not turn it into an error (the URL's delayed sweep detaches too).
    try {
      await detachStatsOfGone([event.url_id]);
    } catch (error) {
      logger.warn('A stored click was not checked against a deletion; the delayed sweep will', {
        error: error as Error,
      });
    }
  } else {
    await documentClient.send(new PutCommand({ TableName, Item: item }));
  }
  return toEventRecord(item);
}

/** How long the id of an old-format message is kept: longer than a message can live in the queue (4 days). */
const MESSAGE_IDENTITY_TTL_SECONDS = 15 * 24 * 3600;

/**
 * The id of an event whose message came without one: taken from `assign` the first time (and kept in a
 * marker item of the message, written only if none exists), read back from the marker on every later
 * delivery, so the message is still stored once.
 */
export async function idOfMessage(messageId: string, assign: () => Promise<number>): Promise<number> {
  const marker = keys.messageIdentity(messageId);
  const id = await assign();
  try {
    await documentClient.send(
      new PutCommand({
        TableName,
        Item: { ...marker, event_id: id, expires_at: Math.floor(Date.now() / 1000) + MESSAGE_IDENTITY_TTL_SECONDS },
        ConditionExpression: 'attribute_not_exists(PK)',
      }),
    );
    return id;
  } catch (error) {
    // Delivered before (or this very write was retried after a lost answer): use what was taken then.
    if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
    return Number((await getItems([marker])).get(keyOf(marker))?.event_id);
  }
}

export type DeliveryOutcome = 'stored' | 'dropped' | 'failed';

/** An automatic event taken from the queue. */
export interface DeliveredEvent extends OwnedEvent {
  /** Its message was delivered before: an earlier delivery may have written it under another URL shard. */
  redelivered: boolean;
  /** A click's visitor tag, from its message (counted in the statistics, never stored with the event). */
  visitor?: number;
}

/** The event type the statistics count. */
const CLICK = 'click';
/** How long POST /events tries to count its click itself before the writer is asked to. */
const CLICK_COUNT_PATIENCE_MS = 300;
/** How long a user's deletion keeps trying to take a page of its clicks out of other links' statistics. */
const UNCOUNT_PATIENCE_MS = 10_000;

/** A list is widened when at least this many of its events in one batch were throttled. */
const WIDEN_AFTER_THROTTLES = 5;

/** Which of these URLs exist, read consistently. */
async function existingUrls(urlIds: number[]): Promise<Set<number>> {
  const found = await getItems(urlIds.map((urlId) => keys.url(urlId)));
  return new Set(urlIds.filter((urlId) => found.has(keyOf(keys.url(urlId)))));
}

/** Every key an event of this URL can have been written under: each shard of every count its list has had. */
function possibleKeys(event: { id: number; url_id: number }, layout: ShardLayout): Key[] {
  const list: EventList = { kind: 'url', urlId: event.url_id };
  const count = shardCount(layout, list);
  return [shardOf(event.id, list, count), ...earlierUrlShards(event.id, event.url_id, count)].map((shard) =>
    keys.event(event.url_id, shard, event.id),
  );
}

/**
 * Reads these URLs again after their clicks were counted, and takes the statistics of those deleted
 * meanwhile out once more (their deletion may have detached them just before the count).
 */
async function detachStatsOfGone(urlIds: number[]): Promise<void> {
  const after = await existingUrls([...new Set(urlIds)]);
  await Promise.all(urlIds.filter((urlId) => !after.has(urlId)).map((urlId) => detachLinkStats(urlId)));
}

/**
 * The lists at least WIDEN_AFTER_THROTTLES of these throttled events are in; `far` when four times as many
 * were (the list is far over its partitions' limit: it grows two steps at once).
 */
function hotLists(throttled: OwnedEvent[]): { name: string; far: boolean }[] {
  const perList = new Map<string, number>();
  for (const event of throttled) {
    for (const list of Object.values(listsOf(event))) {
      const name = listName(list);
      perList.set(name, (perList.get(name) ?? 0) + 1);
    }
  }
  return [...perList]
    .filter(([, count]) => count >= WIDEN_AFTER_THROTTLES)
    .map(([name, count]) => ({ name, far: count >= 4 * WIDEN_AFTER_THROTTLES }));
}

/**
 * Stores automatic events taken from the queue, in one go, and answers for each: stored, dropped (its URL
 * is gone) or failed (not written by `deadline`; it will be delivered again).
 *
 * The URLs are read first, consistently: the events of a URL that is gone are not written (a redelivered
 * one is removed from wherever an earlier delivery may have written it). After writing, the URLs are read
 * again: an event whose URL went in between is deleted by the writer itself. A URL's deletion sweeps what was
 * written before it; what is written after it, the writer sees gone and removes: nothing is left stored.
 *
 * What DynamoDB throttles is tried again until the deadline; lists with many throttled events get more
 * shards (event-layout.ts), and the events still to write are placed with the wider layout at once.
 */
export async function storeDeliveredEvents(events: DeliveredEvent[], deadline: number): Promise<DeliveryOutcome[]> {
  // One message delivered twice in one batch is one event: write it once.
  const unique = [...new Map(events.map((event) => [event.id, event])).values()];
  const [before, firstLayout] = await Promise.all([
    existingUrls([...new Set(unique.map((event) => event.url_id))]),
    currentLayout(),
  ]);
  let layout = firstLayout;
  const gone = unique.filter((event) => !before.has(event.url_id));
  let pending = unique.filter((event) => before.has(event.url_id));
  // What an earlier delivery of a gone URL's event may have written, wherever it is.
  await deleteKeys(
    gone.filter((event) => event.redelivered).flatMap((event) => possibleKeys(event, layout)),
    deadline,
  );

  const written: (DeliveredEvent & PlacedEvent)[] = [];
  for (let attempt = 0; pending.length > 0; attempt++) {
    if (attempt > 0) {
      if (Date.now() + 100 > deadline) break;
      await pause(Math.min(1000, 25 * 2 ** attempt, Math.max(0, deadline - Date.now())));
    }
    const placements = pending.map((event) => placed(event, layout));
    const unwritten = new Set((await writeItemsOnce(placements.map(eventItem))).map((item) => Number(item.id)));
    written.push(...placements.filter((event) => !unwritten.has(event.id)));
    pending = pending.filter((event) => unwritten.has(event.id));
    const hot = hotLists(pending);
    if (hot.length > 0) {
      await widenLists(hot, layout);
      layout = await currentLayout({ fresh: true });
    }
  }

  // A redelivered event may also have been written by an earlier delivery under a smaller count of its
  // list's shards: that copy goes, now that this one is stored. Not before: the earlier delivery may still be
  // running (a visibility timeout ran out) and succeed, and then this copy is the only one left.
  const copies = written
    .filter((event) => event.redelivered)
    .flatMap((event) => {
      const kept = keyOf(eventKey(event));
      return possibleKeys(event, layout).filter((key) => keyOf(key) !== kept);
    });
  await deleteKeys(copies, deadline);

  // Clicks are counted once they are stored (and listed); what cannot be counted by the deadline is
  // delivered again, rewritten as it is, and counted then.
  const uncounted = await countClicks(
    written.filter((event) => event.event_type === CLICK),
    { deadline },
  );

  const after = await existingUrls([...new Set(written.map((event) => event.url_id))]);
  const orphaned = written.filter((event) => !after.has(event.url_id));
  await deleteKeys(orphaned.map(eventKey), deadline);
  // A URL deleted while its clicks were being counted: its counts go, and come out of its owner's again.
  // So do those an earlier delivery of a click may have counted before the URL went.
  const uncountable = new Set(
    [...orphaned, ...gone.filter((event) => event.redelivered)]
      .filter((event) => event.event_type === CLICK)
      .map((event) => event.url_id),
  );
  await Promise.all([...uncountable].map((urlId) => detachLinkStats(urlId)));

  const dropped = new Set([...gone, ...orphaned].map((event) => event.id));
  const failed = new Set([...pending.map((event) => event.id), ...uncounted]);
  return events.map((event) => (dropped.has(event.id) ? 'dropped' : failed.has(event.id) ? 'failed' : 'stored'));
}

/**
 * Counts clicks already stored (POST /events could not count them at once), each once; a click whose event
 * is gone (its URL was deleted) is not counted. Answers the ids that could not be counted by `deadline`.
 */
export async function countStoredClicks(
  clicks: { id: number; url_id: number }[],
  deadline: number,
): Promise<Set<number>> {
  const layout = await currentLayout({ fresh: true });
  // The event was written under its URL's shard for the layout of that moment: any of them.
  const candidates = clicks.flatMap((click) => possibleKeys(click, layout));
  const found = [...(await getItems(candidates)).values()];
  const stored = [...new Map(found.map((item) => [Number(item.id), item])).values()].map((item) => ({
    ...toEventRecord(item),
    owner_id: Number(item.owner_id),
  }));
  const uncounted = await countClicks(stored, { deadline });
  await detachStatsOfGone([...new Set(stored.map((click) => click.url_id))]);
  return uncounted;
}

export interface EventFilters {
  url_id?: number;
  user_id?: number;
  event_type?: string;
}

const listCache = hotKeyCache<Page<OwnedEvent>>();

/**
 * Events ordered by id. The most selective filter picks the list (a URL's, else a user's, else a type's,
 * else all events); any other filter is applied while reading. The list's shards are merged by id (one
 * query per shard); events of URLs or users deleted lately are left out (deletions.ts).
 *
 * The deletions are read on every call, so that even a page kept in memory never shows a deleted URL's
 * events, and at the same time as the page, which is read without them: that page is the right one unless
 * it holds an event they cover (one a writer landed just after its URL's deletion swept, for the moment
 * before the writer removes it), and then the page is read again leaving those out, so it stays full.
 */
export async function listEvents(
  filters: EventFilters,
  window: Pick<Window, 'skip' | 'limit' | 'cursor'>,
): Promise<Page<EventRecord>> {
  const [deletions, page] = await Promise.all([
    recentDeletions(),
    listCache.read(JSON.stringify([filters, window]), () => readEvents(filters, window)),
  ]);
  const shown = page.items.some((event) => isOfDeleted(event, deletions))
    ? await readEvents(filters, window, deletions)
    : page;
  return { next: shown.next, items: shown.items.map(({ owner_id: _, ...event }) => event) };
}

/** A page of events; with `deletions`, leaving out (and reading past) the events they cover. */
async function readEvents(
  filters: EventFilters,
  window: Pick<Window, 'skip' | 'limit' | 'cursor'>,
  deletions?: RecentDeletions,
): Promise<Page<OwnedEvent>> {
  const list: EventList =
    filters.url_id !== undefined
      ? { kind: 'url', urlId: filters.url_id }
      : filters.user_id !== undefined
        ? { kind: 'user', userId: filters.user_id }
        : filters.event_type !== undefined
          ? { kind: 'type', eventType: filters.event_type }
          : { kind: 'all' };
  const conditions: string[] = [];
  const values: Record<string, unknown> = {};
  if (filters.url_id !== undefined && filters.user_id !== undefined) {
    conditions.push('user_id = :userId');
    values[':userId'] = filters.user_id;
  }
  if (filters.event_type !== undefined && list.kind !== 'type' && list.kind !== 'all') {
    conditions.push('event_type = :eventType');
    values[':eventType'] = filters.event_type;
  }
  // The cursor belongs to this list with these filters, and says after which event id to go on.
  const identity = JSON.stringify([listName(list), filters]);
  const after = window.cursor === undefined ? undefined : decodeAfterCursor(identity, window.cursor);
  const layout = await currentLayout();
  const items = await readMergedWindow(shardPatterns(list, shardCount(layout, list)), {
    skip: window.skip,
    limit: window.limit,
    after,
    ...(conditions.length > 0 && { filter: { expression: conditions.join(' AND '), values } }),
    ...(deletions && { keep: (item: Item) => !isOfDeleted(item, deletions) }),
  });
  const last = items.at(-1);
  return {
    items: items.map((item) => ({ ...toEventRecord(item), owner_id: Number(item.owner_id) })),
    next: items.length === window.limit && last ? encodeAfterCursor(identity, sortableId(Number(last.id))) : undefined,
  };
}

/**
 * Deletes every event stored under a URL: every shard its list has ever had, read consistently. Run by the
 * URL's deletion, and again later by the writer (the delayed sweep).
 */
export async function sweepEventsOfUrl(urlId: number): Promise<void> {
  const layout = await currentLayout({ fresh: true });
  const count = shardCount(layout, { kind: 'url', urlId });
  await Promise.all(
    Array.from({ length: count }, async (_, shard) => {
      for await (const found of readAll(accessPatterns.eventKeysOfUrl(urlId, shard))) {
        await deleteKeys(found.map(itemKey));
      }
    }),
  );
}

/**
 * The delayed sweep of a deleted URL: its events, and its statistics (taken out of its owner's), whatever a
 * writer that failed half-way left of either.
 */
export async function sweepDeletedUrl(urlId: number): Promise<void> {
  await sweepEventsOfUrl(urlId);
  await detachLinkStats(urlId);
}

/** The delayed sweep of a deleted user: the events it made, and its statistics. */
export async function sweepDeletedUser(userId: number): Promise<void> {
  await sweepEventsOfUser(userId);
  await deleteClickStats(userScope(userId));
}

/**
 * Deletes the events a user made on any URL (its own URLs' events go with them). They are found through an
 * index, which may lag a write by a moment: the delayed sweep runs this again.
 */
export async function sweepEventsOfUser(userId: number): Promise<void> {
  const layout = await currentLayout({ fresh: true });
  for (const pattern of shardPatterns({ kind: 'user', userId }, shardCount(layout, { kind: 'user', userId }))) {
    const { orderedBy: _, ...query } = pattern;
    for await (const found of readAll(query)) {
      // Its clicks on other users' links leave those links' statistics with them (its own links' statistics
      // are deleted whole).
      const clicksOnOthers = found
        .filter((item) => item.event_type === CLICK && Number(item.owner_id) !== userId)
        .map((item) => ({ ...toEventRecord(item), owner_id: Number(item.owner_id) }));
      await uncountClicks(clicksOnOthers, Date.now() + UNCOUNT_PATIENCE_MS);
      await deleteKeys(found.map(itemKey));
    }
  }
}
