import { strictUtcInstant, timestamp } from '../platform/clock.js';
import { RequestValidationError } from '../platform/errors.js';

/** What statistics are counted by: each hour, and each day (UTC). */
export type StatsInterval = 'hour' | 'day';

/**
 * The intervals a statistics call covers. `from` and `to` (to exclusive) are widened to whole intervals:
 * an hour's series starts on the hour, a day's at midnight UTC. Without them, the last 7 days (or 168 hours)
 * up to the current interval, included.
 */
export interface StatsRange {
  interval: StatsInterval;
  /** Epoch milliseconds, on interval boundaries. */
  from: number;
  to: number;
  /** Each interval's start as stored (`2026-11-23T05` or `2026-11-23`), oldest first. */
  starts: string[];
}

const HOUR_MS = 3600 * 1000;
const DAY_MS = 24 * HOUR_MS;
const MAX_INTERVALS: Record<StatsInterval, number> = { day: 400, hour: 744 };
const DEFAULT_SPAN_MS = 7 * DAY_MS;
/** The first instant of the year 10000, which no timestamp of four-digit years names. */
const YEAR_10000 = Date.UTC(10_000, 0, 1);

/** A date (`2026-11-01`) or a UTC timestamp (`2026-11-01T10:00:00.000`, `Z` or `+00:00` allowed). */
export const STATS_INSTANT_PATTERN =
  '^\\d{4}-\\d{2}-\\d{2}(?:T\\d{2}:\\d{2}(?::\\d{2}(?:\\.\\d{1,6})?)?(?:Z|[+-]00:?00)?)?$';
const instantPattern = new RegExp(STATS_INSTANT_PATTERN);

/** The instant a query value names, or undefined when it names none (a malformed or impossible date). */
export function parseInstant(text: string): number | undefined {
  if (!instantPattern.test(text)) return undefined;
  const [date, time = '00:00'] = text.replace(/(?:Z|[+-]00:?00)$/, '').split('T') as [string, string?];
  return strictUtcInstant(`${date}T${time.length === 5 ? `${time}:00` : time}`);
}

const floorTo = (at: number, size: number) => Math.floor(at / size) * size;
const ceilTo = (at: number, size: number) => Math.ceil(at / size) * size;

const intervalStart = (at: number, interval: StatsInterval) =>
  new Date(at).toISOString().slice(0, interval === 'hour' ? 13 : 10);

/** The range of a statistics query (its bounds valid instants), or a 422 naming what is wrong with it. */
export function statsRange(
  query: { from?: string; to?: string; interval: StatsInterval },
  now = Date.now(),
): StatsRange {
  const size = query.interval === 'hour' ? HOUR_MS : DAY_MS;
  // The query's schema (schemas.ts) let only instants through.
  const parsed = { from: query.from && parseInstant(query.from), to: query.to && parseInstant(query.to) };

  // Without `to`, up to the end of the current interval, so that today (or this hour) is the last one.
  const to = parsed.to === undefined ? floorTo(now, size) + size : ceilTo(parsed.to as number, size);
  // The answer's `to` is a timestamp of four-digit years: a range widened into the year 10000 has none.
  if (to >= YEAR_10000) {
    const latest = rangeTimestamp(YEAR_10000 - size);
    throw new RequestValidationError([
      { loc: ['query', 'to'], msg: `Input should be less than or equal to ${latest}`, type: 'less_than_equal' },
    ]);
  }
  const from = floorTo((parsed.from as number | undefined) ?? to - DEFAULT_SPAN_MS, size);
  if (from >= to) {
    // A `from` after the default `to` (the current interval's end) is the one at fault: `to` was not sent.
    throw new RequestValidationError([
      parsed.to === undefined
        ? {
            loc: ['query', 'from'],
            msg: `Input should be before the end of the current ${query.interval}`,
            type: 'less_than',
          }
        : { loc: ['query', 'to'], msg: 'Input should be later than from', type: 'greater_than' },
    ]);
  }
  const count = (to - from) / size;
  if (count > MAX_INTERVALS[query.interval]) {
    throw new RequestValidationError([
      {
        loc: ['query', 'from'],
        msg: `At most ${MAX_INTERVALS[query.interval]} ${query.interval === 'hour' ? 'hourly' : 'daily'} intervals per call`,
        type: 'value_error',
      },
    ]);
  }
  const starts = Array.from({ length: count }, (_, i) => intervalStart(from + i * size, query.interval));
  return { interval: query.interval, from, to, starts };
}

/** An instant of a range in the contract's timestamp form. */
export const rangeTimestamp = (at: number) => timestamp(new Date(at));
