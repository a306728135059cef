import { toEventRecord } from '../records.js';
import { deleteKeys, putItems } from './bulk-writes.js';
import { countClicks } from './click-counting.js';
import { eventItem, placed, toOwnedEvent } from './event-items.js';
import { accessPatterns, keys } from './keys.js';
import { readAll } from './list-windows.js';
import { currentLayout, moveLayoutOffCounter } from './scale/shard-layout.js';
import { shardCount, shardPatterns } from './scale/sharded-lists.js';
import type { CountableClick } from './stats-items.js';
import { clickStatsState, markClickStatsBuilt } from './stats-state.js';
import { getItems, itemKey, keyOf } from './table.js';

/**
 * Moves the events stored by versions before sharded event lists to where they belong now, so that an
 * existing data folder or table keeps its history. Those versions kept an event under `URL#<url>` /
 * `EVENT#<id>`, in the one GSI1 partition `EVENTS`, which is how they are found. An event whose URL is gone
 * (which those versions could not leave behind, but a hand-edited table can) is removed.
 *
 * Safe to run at any time and again: what was moved is no longer in the old list, and a move interrupted
 * halfway is finished by the next run (the new item is written before the old one is removed). Answers how
 * many events were moved.
 */
export async function upgradeLegacyEvents(onProgress: (moved: number) => void = () => undefined): Promise<number> {
  // Versions before this one kept the shard layout on the event id counter: first it moves to its own item.
  await moveLayoutOffCounter();
  const layout = await currentLayout({ fresh: true });
  let moved = 0;
  for await (const page of readAll(accessPatterns.legacyEvents())) {
    const urls = await getItems([...new Set(page.map((item) => Number(item.url_id)))].map((id) => keys.url(id)));
    const owned = page.flatMap((item) => {
      const url = urls.get(keyOf(keys.url(Number(item.url_id))));
      return url ? [{ ...toEventRecord(item), owner_id: Number(url.user_id) }] : [];
    });
    await putItems(owned.map((event) => eventItem(placed(event, layout))));
    // That version had no statistics: its clicks are counted as they move (once, even if a move is redone).
    await countAll(owned.filter((event) => event.event_type === 'click'));
    await deleteKeys(page.map(itemKey));
    moved += owned.length;
    onProgress(moved);
  }
  return moved;
}

/** Counts stored clicks in the statistics, each once; what cannot be counted now stops the upgrade. */
async function countAll(clicks: CountableClick[]): Promise<void> {
  const left = await countClicks(clicks, { deadline: Date.now() + 60_000 });
  if (left.size > 0) throw new Error(`${left.size} stored clicks could not be counted; the next run goes on`);
}

/**
 * A click stored this soon after counting began may have been stored by a function of the version before
 * (still finishing its work during a deployment) and not counted: the backfill counts up to here, and the
 * markers of the clicks counted meanwhile (kept 20 days) keep them from being counted twice.
 */
const BACKFILL_OVERLAP_MS = 10 * 60 * 1000;

/**
 * Counts the clicks stored before click statistics existed, once per table: a table whose META item does
 * not say they were built has every click stored before counting began counted (each exactly once, as the
 * writer counts: clicks counted since are not counted again), then says so. A fresh table has none to
 * count. Answers how many were.
 */
export async function buildMissingClickStats(onProgress: (counted: number) => void = () => undefined): Promise<number> {
  const { built, since } = await clickStatsState();
  if (built) return 0;
  const before = since === undefined ? Number.POSITIVE_INFINITY : since + BACKFILL_OVERLAP_MS;
  const list = { kind: 'type', eventType: 'click' } as const;
  const layout = await currentLayout({ fresh: true });
  let counted = 0;
  for (const pattern of shardPatterns(list, shardCount(layout, list))) {
    const { orderedBy: _, ...query } = pattern;
    for await (const page of readAll(query)) {
      const clicks = page
        .filter((item) => Number(item.stored_at ?? 0) < before)
        .map((item) => ({ ...toOwnedEvent(item), owner_id: Number(item.owner_id ?? item.user_id) }));
      await countAll(clicks);
      counted += clicks.length;
      onProgress(counted);
    }
  }
  await markClickStatsBuilt();
  return counted;
}
