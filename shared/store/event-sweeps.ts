import { deleteKeys } from './bulk-writes.js';
import { accessPatterns, linkScope, userScope } from './keys.js';
import { readAll } from './list-pages.js';
import { currentLayout } from './shard-layout.js';
import { shardCount, shardPatterns } from './sharded-lists.js';
import { deleteClickStats } from './stats-removal.js';
import { itemKey } from './table.js';

/**
 * Deletes every event stored under a URL: every shard its list has ever had, read consistently. Run by the
 * URL's deletion, and again later by the writer (the delayed sweep). Each click deleted comes out of the
 * statistics of the URL's owner through the table's stream (stats-counting.ts).
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
 * The delayed sweep of a deleted URL: its events, and its statistics, whatever a writer that landed late or a
 * cascade cut short left of either.
 */
export async function sweepDeletedUrl(urlId: number): Promise<void> {
  await sweepEventsOfUrl(urlId);
  await deleteClickStats(linkScope(urlId));
}

/** The delayed sweep of a deleted user: the events it made, and its statistics. */
export async function sweepDeletedUser(userId: number): Promise<void> {
  await sweepEventsOfUser(userId);
  await deleteClickStats(userScope(userId));
}

/**
 * Deletes the events a user made on any URL (its own URLs' events go with them); its clicks on other users'
 * links come out of those links' statistics through the table's stream. They are found through an index,
 * which may lag a write by a moment: the delayed sweep runs this again.
 */
async function sweepEventsOfUser(userId: number): Promise<void> {
  const layout = await currentLayout({ fresh: true });
  for (const pattern of shardPatterns({ kind: 'user', userId }, shardCount(layout, { kind: 'user', userId }))) {
    const { orderedBy: _, ...query } = pattern;
    for await (const found of readAll(query)) await deleteKeys(found.map(itemKey));
  }
}
