import { clickFacts } from '../stats/click-facts.js';
import { addClick, emptyCounts, type StatsCounts } from '../stats/stats-counts.js';
import { addTags, emptySketch, encodeSketch } from '../stats/visitor-sketch.js';
import { putItems } from './bulk-writes.js';
import { keys, linkScope, type StatsInterval, type StatsScope, scopeOwner, userScope } from './keys.js';
import { statsSlots } from './scale/levers.js';
import { type CountableClick, countsPut } from './stats-items.js';
import type { Item } from './table.js';

/** The statistics of a loaded data set (the startup seed), written whole. */

/**
 * Writes the statistics of clicks loaded into an empty table (the startup seed), computed whole: plain puts
 * of complete items, so a load cut short and started again writes the same items. Each scope in one slot.
 * `onProgress` hears each written request and may throw to stop the load.
 */
export async function putStatsOfLoadedClicks(
  clicks: CountableClick[],
  onProgress?: (done: number) => void,
): Promise<void> {
  type Loaded = { scope: StatsScope; interval: StatsInterval; start: string; counts: StatsCounts; tags: Set<number> };
  const loaded = new Map<string, Loaded>();
  for (const click of clicks) {
    const facts = clickFacts(click, click.visitor);
    for (const scope of [linkScope(click.url_id), userScope(click.owner_id)]) {
      for (const [interval, start] of [
        ['hour', facts.hour],
        ['day', facts.day],
      ] as const) {
        const id = `${scope}|${interval}|${start}`;
        const entry = loaded.get(id) ?? { scope, interval, start, counts: emptyCounts(), tags: new Set<number>() };
        entry.counts = addClick(entry.counts, facts, scopeOwner(scope).kind === 'user' ? click.url_id : undefined);
        if (facts.visitor !== undefined) entry.tags.add(facts.visitor);
        loaded.set(id, entry);
      }
    }
  }
  const owners = new Map(clicks.map((click) => [click.url_id, click.owner_id]));
  const items = [...loaded.values()].flatMap(({ scope, interval, start, counts, tags }) => {
    const fits = tags.size <= statsSlots.pendingTags;
    const stored = { counts, pending: fits ? tags : new Set<number>(), version: undefined };
    const of = scopeOwner(scope);
    const owner = of.kind === 'link' ? { owner_id: owners.get(of.urlId) } : {};
    const put = countsPut(keys.clickCounts(scope, 0, interval, start), stored, { scope, ...owner });
    const countsItem = (put.Put as { Item: Item }).Item;
    if (fits) return [countsItem];
    const sketch = { v: 1, scope, sketch: encodeSketch(addTags(emptySketch(), tags)) };
    return [countsItem, { ...keys.visitorSketch(scope, 0, interval, start), ...sketch }];
  });
  await putItems(items, onProgress);
}
