import { deleteKeys, writeItemsOnce } from './bulk-writes.js';
import { deletionsAfterWriting, isOfDeleted, REMEMBER_MS } from './deletion-copies.js';
import {
  eventItem,
  eventKey,
  existingUrls,
  type OwnedEvent,
  type PlacedEvent,
  placed,
  possibleKeys,
} from './event-items.js';
import { idUnderMarker } from './ids.js';
import { keys } from './keys.js';
import { eventListShards } from './levers.js';
import { retryWithBackoff } from './retry.js';
import { currentLayout, widenLists } from './shard-layout.js';
import { listName, listsOf, type ShardLayout, widestLayout } from './sharded-lists.js';
import { keyOf } from './table.js';
import { keepVisitorTags } from './visitor-batches.js';

/**
 * The event writer's side of the store: automatic events taken from the queue, stored exactly once. Clicks
 * are counted in the statistics from the table's stream (stats-counting.ts), not here: storing a batch is its
 * writes, and one read of the recent deletions.
 */

/** How long the id of an old-format message is kept: longer than a message can live in the queue (4 days). */
const MESSAGE_IDENTITY_TTL_SECONDS = 15 * 24 * 3600;

/**
 * The id of an event whose message came without one: taken from `assign` the first time, the same on every
 * later delivery, so the message is still stored once.
 */
export async function idOfMessage(messageId: string, assign: () => Promise<number>): Promise<number> {
  return (await idUnderMarker(keys.messageIdentity(messageId), assign, MESSAGE_IDENTITY_TTL_SECONDS)).id;
}

export type DeliveryOutcome = 'stored' | 'dropped' | 'failed';

/** An automatic event taken from the queue. */
export interface DeliveredEvent extends OwnedEvent {
  /** Its message was delivered before: an earlier delivery may have written it under another URL shard. */
  redelivered: boolean;
  /** A click's visitor tag, from its message: kept apart from the event (visitor-batches.ts), never in it. */
  visitor?: number;
}

/**
 * An event this much older than its delivery may come from far back (a dead-letter queue's redrive): whether
 * its URL still exists is read. A younger one's URL, if deleted since, is among the recent deletions, which
 * are remembered longer than this.
 */
const CHECK_URL_AFTER_MS = REMEMBER_MS / 2;

const ageMs = (event: OwnedEvent) => Date.now() - Date.parse(`${event.timestamp}Z`);

const WIDEN_AFTER_THROTTLES = eventListShards.widenAfterThrottles;

/**
 * The lists at least WIDEN_AFTER_THROTTLES of these throttled events are in; `far` when four times as many
 * were (the list is far over its partitions' limit: it grows two steps at once).
 */
function hotLists(throttled: OwnedEvent[]): { name: string; far: boolean }[] {
  const perList = new Map<string, number>();
  for (const event of throttled) {
    for (const list of listsOf(event)) {
      const name = listName(list);
      perList.set(name, (perList.get(name) ?? 0) + 1);
    }
  }
  return [...perList]
    .filter(([, count]) => count >= WIDEN_AFTER_THROTTLES)
    .map(([name, count]) => ({ name, far: count >= 4 * WIDEN_AFTER_THROTTLES }));
}

/**
 * Stores automatic events taken from the queue, in one go, and answers for each: stored, dropped (its URL or
 * user is gone) or failed (not written by `deadline`; it will be delivered again).
 *
 * An old event whose URL no longer exists is not written (a redelivered one is removed from wherever an
 * earlier delivery may have written it). An event of a URL or user deleted lately, maybe while it was being
 * written, is found by a read of the recent deletions once the batch is written, and removed (the lists hide
 * it meanwhile, and the deletion's delayed sweep removes what that eventually consistent read misses):
 * nothing is left stored. Reading the deletions after writing, not before, is what catches a deletion that
 * swept just before a write landed. The clicks' visitor tags go to an item of their own, written before the
 * events.
 *
 * What DynamoDB throttles is tried again until the deadline; lists with many throttled events get more
 * shards (shard-layout.ts), and the events still to write are placed with the wider layout at once.
 */
export async function storeDeliveredEvents(events: DeliveredEvent[], deadline: number): Promise<DeliveryOutcome[]> {
  // One message delivered twice in one batch is one event: write it once.
  const unique = [...new Map(events.map((event) => [event.id, event])).values()];
  const old = unique.filter((event) => ageMs(event) > CHECK_URL_AFTER_MS);
  const [oldUrls, firstLayout] = await Promise.all([
    existingUrls([...new Set(old.map((event) => event.url_id))]),
    currentLayout(),
  ]);
  let layout = firstLayout;
  const isGone = (event: DeliveredEvent) => ageMs(event) > CHECK_URL_AFTER_MS && !oldUrls.has(event.url_id);
  const gone = unique.filter(isGone);
  // What an earlier delivery of a gone URL's event may have written, wherever it is.
  await deleteKeys(
    gone.filter((event) => event.redelivered).flatMap((event) => possibleKeys(event, layout)),
    deadline,
  );

  const kept = unique.filter((event) => !isGone(event));
  const batch = await keepVisitorTags(
    new Map(kept.flatMap((event) => (event.visitor === undefined ? [] : [[event.id, event.visitor]]))),
  );
  let pending: DeliveredEvent[] = kept.map(({ visitor, ...event }) =>
    visitor === undefined || batch === undefined ? event : { ...event, visitor_batch: batch },
  );
  /** The events written, each with the layout it was placed under. */
  const written: { event: DeliveredEvent & PlacedEvent; layout: ShardLayout }[] = [];
  /** Events written again after an attempt that may have written them (an answer lost) under another layout. */
  const retried = new Set<number>();
  await retryWithBackoff(
    async () => {
      // Placed with the layout of the moment of writing, not of the batch's start: a batch slowed down (its
      // visitor tags, a backoff) while another delivery of its messages placed them with a wider layout
      // would otherwise write a second copy after that delivery removed the narrower ones. The reading is
      // the instance's cached one (at most a second old): no request more per attempt.
      layout = widestLayout(layout, await currentLayout());
      const placements = pending.map((event) => placed(event, layout));
      const unwritten = new Set((await writeItemsOnce(placements.map(eventItem))).map((item) => Number(item.id)));
      written.push(...placements.filter((event) => !unwritten.has(event.id)).map((event) => ({ event, layout })));
      pending = pending.filter((event) => unwritten.has(event.id));
      for (const id of unwritten) retried.add(id);
      if (pending.length === 0) return true;
      const hot = hotLists(pending);
      if (hot.length > 0) {
        await widenLists(hot, layout);
        layout = widestLayout(layout, await currentLayout({ fresh: true }));
      }
      return undefined;
    },
    // What is still pending at the deadline is answered as failed: the queue delivers it again.
    { deadline, baseMs: 50 },
    () => false,
  );

  // A redelivered event may also have been written by an earlier delivery under a smaller count of its
  // list's shards, and so may one whose earlier attempt here lost its answer: that copy goes (and with it its
  // count in the statistics), now that this one is stored. Not before: the earlier delivery may still be
  // running (a visibility timeout ran out) and succeed, and then this copy is the only one left.
  // Only under the layout it was placed with: a wider one's shard may hold the copy a concurrent delivery
  // placed later, the one that must stay.
  const copies = written
    .filter(({ event }) => event.redelivered || retried.has(event.id))
    .flatMap(({ event, layout: placedWith }) => {
      const stored = keyOf(eventKey(event));
      return possibleKeys(event, placedWith).filter((key) => keyOf(key) !== stored);
    });
  await deleteKeys(copies, deadline);

  // A URL or user deleted lately, maybe while these were written: its cascade may have swept its events
  // before they landed. They go now, not 15 minutes later: each where it was just written (any copy an
  // earlier delivery wrote went above). One delete each, so a deletion under a burst of clicks costs no more
  // than the clicks themselves, on the partitions they were spread over.
  const deletions = await deletionsAfterWriting();
  const orphaned = written.map(({ event }) => event).filter((event) => isOfDeleted(event, deletions));
  await deleteKeys(orphaned.map(eventKey), deadline);

  const dropped = new Set([...gone, ...orphaned].map((event) => event.id));
  const failed = new Set(pending.map((event) => event.id));
  return events.map((event) => (dropped.has(event.id) ? 'dropped' : failed.has(event.id) ? 'failed' : 'stored'));
}
