import { topList } from '../stats/stats-counts.js';
import type { StatsRange } from '../stats/stats-range.js';
import { type StatsReport, statsReport } from '../stats/stats-report.js';
import { hotReads } from './hot-key-cache.js';
import { keys, linkScope, type StatsScope, userScope } from './keys.js';
import { getUrl } from './link-reads.js';
import { readClickStats } from './stats-reading.js';
import { getItems, keyOf } from './table.js';
import { getUser } from './users.js';

export type LinkStats = { url_id: number } & StatsReport & {
    referrers: { name: string; clicks: number }[];
    /** Where its clicks were sent: its own target, a rule's, a variant's. */
    targets: { name: string; clicks: number }[];
  };

export type UserStats = { user_id: number } & StatsReport & {
    links: { url_id: number | null; short_code: string | null; clicks: number }[];
    /** An extension beyond the contract's fields: where all of the user's clicks came from. */
    referrers: { name: string; clicks: number }[];
  };

/** A report read at most once a second per instance while it is hot (as every hot read: hot-key-cache.ts). */
function cachedReport<T>(scope: StatsScope, range: StatsRange, build: () => Promise<T>): Promise<T> {
  return hotReads.read(`stats:${JSON.stringify([scope, range.interval, range.from, range.to])}`, build);
}

/** A scope's report over a range: its stored intervals, every one of the range reported. */
async function reportOf(scope: StatsScope, range: StatsRange) {
  const intervals = await readClickStats(scope, range.interval, range.starts[0] ?? '', range.starts.at(-1) ?? '');
  return statsReport(range, intervals);
}

/**
 * A link's statistics over a range, in the contract's field order. The link must exist (active or not), and
 * be `owner`'s when one is named.
 */
export async function statsOfLink(urlId: number, range: StatsRange, owner?: number): Promise<LinkStats> {
  await getUrl(urlId, owner);
  return cachedReport(linkScope(urlId), range, async () => {
    const { report, total } = await reportOf(linkScope(urlId), range);
    const { from, to, interval, totals, series, ...lists } = report;
    return {
      url_id: urlId,
      from,
      to,
      interval,
      totals,
      series,
      referrers: topList(total.referrers, total.clicks),
      ...lists,
      targets: topList(total.targets, total.clicks),
    };
  });
}

/**
 * A user's statistics over all of its links, and its top links. Links deleted since are not counted (their
 * clicks were taken out when they were deleted).
 */
export async function statsOfUser(userId: number, range: StatsRange): Promise<UserStats> {
  await getUser(userId);
  return cachedReport(userScope(userId), range, async () => {
    const { report, total } = await reportOf(userScope(userId), range);
    const top = topList(total.links, total.clicks);
    const named = top.filter((entry) => entry.name !== 'other');
    const urls = await getItems(named.map((entry) => keys.url(Number(entry.name))));
    const links: UserStats['links'] = [];
    let other = 0;
    for (const entry of top) {
      const url = entry.name === 'other' ? undefined : urls.get(keyOf(keys.url(Number(entry.name))));
      // A link deleted a moment ago, whose clicks are still being taken out, goes with the rest.
      if (url) links.push({ url_id: Number(entry.name), short_code: String(url.short_code), clicks: entry.clicks });
      else other += entry.clicks;
    }
    if (other > 0) links.push({ url_id: null, short_code: null, clicks: other });
    const { from, to, interval, totals, series, ...lists } = report;
    return {
      user_id: userId,
      from,
      to,
      interval,
      totals,
      series,
      links,
      ...lists,
      referrers: topList(total.referrers, total.clicks),
    };
  });
}
