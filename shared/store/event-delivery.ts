import { deleteKeys, writeItemsOnce } from './bulk-writes.js';
import { countClicks } from './click-counting.js';
import {
  CLICK,
  eventItem,
  eventKey,
  existingUrls,
  type OwnedEvent,
  type PlacedEvent,
  placed,
  possibleKeys,
  toOwnedEvent,
} from './event-items.js';
import { keys } from './keys.js';
import { retryWithBackoff } from './retry.js';
import { eventListShards } from './scale/levers.js';
import { currentLayout, widenLists } from './scale/shard-layout.js';
import { listName, listsOf } from './scale/sharded-lists.js';
import { detachLinkStats, detachStatsOfGone } from './stats-removal.js';
import { getItems, idUnderMarker, keyOf } from './table.js';

/**
 * The event writer's side of the store: automatic events taken from the queue stored exactly once, and
 * clicks POST /events stored but could not count counted.
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
  /** A click's visitor tag, from its message (counted in the statistics, never stored with the event). */
  visitor?: number;
  /** A click's link's `max_clicks` when the redirect read it, from its message (store/click-limits.ts). */
  click_limit?: number;
}

const WIDEN_AFTER_THROTTLES = eventListShards.widenAfterThrottles;

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
 * shards (scale/shard-layout.ts), and the events still to write are placed with the wider layout at once.
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
  await retryWithBackoff(
    async () => {
      const placements = pending.map((event) => placed(event, layout));
      const unwritten = new Set((await writeItemsOnce(placements.map(eventItem))).map((item) => Number(item.id)));
      written.push(...placements.filter((event) => !unwritten.has(event.id)));
      pending = pending.filter((event) => unwritten.has(event.id));
      if (pending.length === 0) return true;
      const hot = hotLists(pending);
      if (hot.length > 0) {
        await widenLists(hot, layout);
        layout = await currentLayout({ fresh: true });
      }
      return undefined;
    },
    // What is still pending at the deadline is answered as failed: the queue delivers it again.
    { deadline, baseMs: 50 },
    () => false,
  );

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
  const stored = [...new Map(found.map((item) => [Number(item.id), item])).values()].map(toOwnedEvent);
  const uncounted = await countClicks(stored, { deadline });
  await detachStatsOfGone([...new Set(stored.map((click) => click.url_id))]);
  return uncounted;
}
