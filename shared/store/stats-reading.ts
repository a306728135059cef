import { emptyCounts, type StatsCounts, sumCounts } from '../stats/stats-counts.js';
import { addTags, decodeSketch, emptySketch, mergeSketches, type VisitorSketch } from '../stats/visitor-sketch.js';
import { accessPatterns, type StatsInterval, type StatsScope, statsPeriodOf } from './keys.js';
import { readAll } from './list-windows.js';
import { currentLayout } from './scale/shard-layout.js';
import { slotsOf } from './scale/stats-slots.js';
import { toStoredCounts } from './stats-items.js';

/** One interval's statistics of a scope: its counts and its visitors, every slot added up. */
export interface IntervalStats {
  start: string;
  counts: StatsCounts;
  visitors: VisitorSketch;
}

/**
 * The statistics of a scope's intervals from `first` to `last` (interval starts, inclusive), in order; an
 * interval without clicks is absent. Two consistent queries per slot, each reading one item per interval.
 */
export async function readClickStats(
  scope: StatsScope,
  interval: StatsInterval,
  first: string,
  last: string,
): Promise<IntervalStats[]> {
  const slots = slotsOf(await currentLayout(), scope);
  // Added up as the items arrive: a busy scope's range can be many slots of many items.
  const byStart = new Map<string, { counts: StatsCounts; visitors: VisitorSketch }>();
  const entry = (sk: unknown) => {
    const { start } = statsPeriodOf(sk);
    const found = byStart.get(start) ?? { counts: emptyCounts(), visitors: emptySketch() };
    byStart.set(start, found);
    return found;
  };
  await Promise.all(
    Array.from({ length: slots }, async (_, slot) => {
      for await (const items of readAll(accessPatterns.statsRange('clickCounts', scope, slot, interval, first, last))) {
        for (const item of items) {
          const stored = toStoredCounts(item);
          const found = entry(item.SK);
          found.counts = sumCounts([found.counts, stored.counts]);
          found.visitors = addTags(found.visitors, stored.pending);
        }
      }
      for await (const items of readAll(
        accessPatterns.statsRange('visitorSketch', scope, slot, interval, first, last),
      )) {
        for (const item of items) {
          const found = entry(item.SK);
          found.visitors = mergeSketches(found.visitors, decodeSketch(item.sketch as Uint8Array | undefined));
        }
      }
    }),
  );
  return [...byStart]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([start, { counts, visitors }]) => ({ start, counts, visitors }));
}
