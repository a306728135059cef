import { emptyCounts, type StatsCounts, sumCounts } from '../stats/stats-counts.js';
import type { StatsInterval } from '../stats/stats-range.js';
import type { IntervalStats } from '../stats/stats-report.js';
import { emptySketch, mergeSketches, type VisitorSketch } from '../stats/visitor-sketch.js';
import { accessPatterns, linkScope, type StatsScope, statsHourOf } from './keys.js';
import { readAll } from './list-pages.js';
import { toHourStats } from './stats-items.js';

/**
 * The statistics of a scope's intervals from `first` to `last` (interval starts, inclusive), in order; an
 * interval without clicks is absent. One query over the hours the range covers (its pages: one per MB read),
 * each hour's items of every stream shard added up, and for days, the day's hours.
 */
export async function readClickStats(
  scope: StatsScope,
  interval: StatsInterval,
  first: string,
  last: string,
): Promise<IntervalStats[]> {
  const [firstHour, lastHour] = interval === 'hour' ? [first, last] : [`${first}T00`, `${last}T23`];
  const byStart = new Map<string, { counts: StatsCounts; visitors: VisitorSketch }>();
  for await (const items of readAll(accessPatterns.statsRange(scope, firstHour, lastHour))) {
    for (const item of items) {
      const hour = statsHourOf(item.SK);
      const start = interval === 'hour' ? hour : hour.slice(0, 10);
      const found = byStart.get(start) ?? { counts: emptyCounts(), visitors: emptySketch() };
      const stats = toHourStats(item);
      byStart.set(start, {
        counts: sumCounts([found.counts, stats.counts]),
        visitors: mergeSketches(found.visitors, stats.visitors),
      });
    }
  }
  return [...byStart]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([start, { counts, visitors }]) => ({ start, counts, visitors }));
}

/**
 * The clicks of a link counted so far, all time: what a first `max_clicks` set on it starts from (its clicks
 * in the last few seconds may not be counted yet). One query of the link's statistics items, clicks only.
 */
export async function countedClicksOf(urlId: number): Promise<number> {
  let clicks = 0;
  for await (const items of readAll(accessPatterns.clicksOfScope(linkScope(urlId)))) {
    for (const item of items) clicks += Number(item.clicks ?? 0);
  }
  return clicks;
}
