import { dimensions, emptyCounts, type StatsCounts, type Tally } from '../stats/stats-counts.js';
import { decodeSketch, emptySketch, encodeSketch, type VisitorSketch } from '../stats/visitor-sketch.js';
import type { Key } from './keys.js';
import type { Item } from './table.js';

/**
 * A statistics item: the clicks of one hour of one scope (a link, or all of a user's links) that one shard of
 * the table's stream counted (keys.ts, `clickStats`): the clicks, the bots among them, a tally per dimension
 * (referrer host, browser, OS, device, country, and for a user its links) and the hour's visitors
 * (visitor-sketch.ts). Readers add up an hour's items over the shards, and an interval's hours.
 *
 * `sequence` is the position in its shard of the last stream record counted into the item: a record at or
 * before it is counted already, which makes counting idempotent (stats-counting.ts).
 */
export interface HourStats {
  counts: StatsCounts;
  visitors: VisitorSketch;
  /** The stream sequence number of the last change counted, 40 digits (so that text order is number order). */
  sequence: string;
}

/** Stream sequence numbers are 21 to 40 digits: padded, they compare as text, in conditions too. */
export const sortableSequence = (sequence: string): string => sequence.padStart(40, '0');

export const emptyHourStats = (): HourStats => ({ counts: emptyCounts(), visitors: emptySketch(), sequence: '' });

export function toHourStats(item: Item | undefined): HourStats {
  if (!item) return emptyHourStats();
  const counts = emptyCounts();
  counts.clicks = Number(item.clicks ?? 0);
  counts.bots = Number(item.bots ?? 0);
  for (const dimension of dimensions) {
    counts[dimension] = Object.fromEntries(
      Object.entries((item[dimension] ?? {}) as Tally).map(([name, clicks]) => [name, Number(clicks)]),
    );
  }
  return {
    counts,
    visitors: decodeSketch(item.visitors as Uint8Array | undefined),
    sequence: String(item.seq ?? ''),
  };
}

/** The item of an hour's statistics; empty tallies and an empty visitor set are left out. */
export function hourStatsItem(key: Key, stats: HourStats): Item {
  const item: Item = { ...key, seq: stats.sequence, clicks: stats.counts.clicks, bots: stats.counts.bots };
  for (const dimension of dimensions) {
    if (Object.keys(stats.counts[dimension]).length > 0) item[dimension] = stats.counts[dimension];
  }
  const empty = stats.visitors.kind === 'exact' && stats.visitors.tags.size === 0;
  if (!empty) item.visitors = encodeSketch(stats.visitors);
  return item;
}
