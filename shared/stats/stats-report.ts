import { emptyCounts, type StatsCounts, sumCounts, topList } from './stats-counts.js';
import { rangeTimestamp, type StatsRange } from './stats-range.js';
import { emptySketch, estimate, mergeSketches, type VisitorSketch } from './visitor-sketch.js';

/** One interval's statistics of a scope: its counts and its visitors, every hour and shard added up. */
export interface IntervalStats {
  start: string;
  counts: StatsCounts;
  visitors: VisitorSketch;
}

/** The figures of an interval, or of the whole range. */
interface StatsFigures {
  clicks: number;
  human_clicks: number;
  bot_clicks: number;
  unique_visitors: number;
}

interface StatsSeriesEntry extends StatsFigures {
  start: string;
}

type TopEntry = { name: string; clicks: number };

/** What a link's and a user's statistics have in common (docs/decisions.md, "Link statistics"). */
export interface StatsReport {
  from: string;
  to: string;
  interval: StatsRange['interval'];
  totals: StatsFigures;
  series: StatsSeriesEntry[];
  browsers: TopEntry[];
  operating_systems: TopEntry[];
  devices: TopEntry[];
  countries: TopEntry[];
}

const figures = (counts: StatsCounts, visitors: number): StatsFigures => ({
  clicks: counts.clicks,
  human_clicks: counts.clicks - counts.bots,
  bot_clicks: counts.bots,
  unique_visitors: visitors,
});

/**
 * The report of a range from its intervals' statistics (those without clicks are absent). A series entry's
 * visitors are the interval's distinct visitors. The range's visitors are the distinct visitors of each UTC
 * month it covers (its intervals' sketches merged), added up over the months: visitor tags are keyed with a
 * secret that changes every month, so nobody (the service included) can tell a visitor of one month from the
 * same person in another. Within a month the count is exact up to 2,048 visitors, then a HyperLogLog's
 * estimate (about 1.6 % off).
 */
export function statsReport(
  range: StatsRange,
  intervals: IntervalStats[],
): { report: StatsReport; total: StatsCounts } {
  const byStart = new Map(intervals.map((interval) => [interval.start, interval]));
  const months = new Map<string, VisitorSketch>();
  const series = range.starts.map((start, i) => {
    const found = byStart.get(start);
    const size = range.interval === 'hour' ? 3600_000 : 86_400_000;
    if (found)
      months.set(start.slice(0, 7), mergeSketches(months.get(start.slice(0, 7)) ?? emptySketch(), found.visitors));
    return {
      start: rangeTimestamp(range.from + i * size),
      ...figures(found?.counts ?? emptyCounts(), found ? estimate(found.visitors) : 0),
    };
  });
  const total = sumCounts(range.starts.flatMap((start) => byStart.get(start)?.counts ?? []));
  const visitors = [...months.values()].reduce((sum, sketch) => sum + estimate(sketch), 0);
  return {
    total,
    report: {
      from: rangeTimestamp(range.from),
      to: rangeTimestamp(range.to),
      interval: range.interval,
      totals: figures(total, visitors),
      series,
      browsers: topList(total.browsers, total.clicks),
      operating_systems: topList(total.operating_systems, total.clicks),
      devices: topList(total.devices, total.clicks),
      countries: topList(total.countries, total.clicks),
    },
  };
}
