import { deleteKeys } from './bulk-writes.js';
import { uncountClicks } from './click-counting.js';
import { CLICK, toOwnedEvent } from './event-items.js';
import { accessPatterns, userScope } from './keys.js';
import { readAll } from './list-windows.js';
import { currentLayout } from './scale/shard-layout.js';
import { shardCount, shardPatterns } from './scale/sharded-lists.js';
import { deleteClickStats, detachLinkStats } from './stats-removal.js';
import { itemKey } from './table.js';

/** How long a user's deletion keeps trying to take a page of its clicks out of other links' statistics. */
const UNCOUNT_PATIENCE_MS = 10_000;

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
        .map(toOwnedEvent);
      await uncountClicks(clicksOnOthers, Date.now() + UNCOUNT_PATIENCE_MS);
      await deleteKeys(found.map(itemKey));
    }
  }
}
