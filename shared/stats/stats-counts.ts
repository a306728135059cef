import type { ClickFacts } from './click-facts.js';

/**
 * The counts of clicks in one interval (of a link or of a user's links): totals and a tally per dimension.
 * Counts are exact. A tally keeps at most its cap of names per stored item; a name first seen when the tally
 * is full is counted under OTHER, so every tally still adds up to the clicks.
 */
export interface StatsCounts {
  clicks: number;
  bots: number;
  referrers: Tally;
  browsers: Tally;
  operating_systems: Tally;
  devices: Tally;
  countries: Tally;
  /** A link's clicks by the URL each was sent to (empty for a user's counts). */
  targets: Tally;
  /** A user's clicks by link id (empty for a link's own counts). */
  links: Tally;
}

export type Tally = Record<string, number>;

export const dimensions = [
  'referrers',
  'browsers',
  'operating_systems',
  'devices',
  'countries',
  'targets',
  'links',
] as const;
type Dimension = (typeof dimensions)[number];

/** The name the clicks of names past a tally's cap are counted under; no real name starts with a space. */
export const OTHER = ' other';

/** Names kept per tally in one stored item: enough for any top 10, small enough for cheap writes. */
const CAPS: Record<Dimension, number> = {
  referrers: 50,
  browsers: 50,
  operating_systems: 50,
  devices: 50,
  countries: 50,
  // A link has at most 27 targets at a time (its own, 20 rules', 5 variants', its expired_url); URLs are long.
  targets: 30,
  links: 200,
};

export const emptyCounts = (): StatsCounts => ({
  clicks: 0,
  bots: 0,
  referrers: {},
  browsers: {},
  operating_systems: {},
  devices: {},
  countries: {},
  targets: {},
  links: {},
});

function tallyUp(tally: Tally, name: string, by: number, cap: number): void {
  const key = name in tally || Object.keys(tally).filter((existing) => existing !== OTHER).length < cap ? name : OTHER;
  tally[key] = (tally[key] ?? 0) + by;
  if (tally[key] === 0) delete tally[key];
}

/** The counts with one more click (of link `urlId`, for a user's counts). */
export function addClick(counts: StatsCounts, facts: ClickFacts, urlId?: number): StatsCounts {
  return changeByClick(counts, facts, urlId, 1, (dimension) => CAPS[dimension]);
}

/**
 * The counts with one click less, taken from its names whatever the item holds (the click may have been
 * counted in another slot of the scope: readers add the slots up, so each name's sum is still right).
 */
export function removeClick(counts: StatsCounts, facts: ClickFacts, urlId?: number): StatsCounts {
  return changeByClick(counts, facts, urlId, -1, () => Number.POSITIVE_INFINITY);
}

function changeByClick(
  counts: StatsCounts,
  facts: ClickFacts,
  urlId: number | undefined,
  by: 1 | -1,
  capOf: (dimension: Dimension) => number,
): StatsCounts {
  const next = copyCounts(counts);
  next.clicks += by;
  if (facts.bot) next.bots += by;
  tallyUp(next.referrers, facts.referrer, by, capOf('referrers'));
  tallyUp(next.browsers, facts.browser, by, capOf('browsers'));
  tallyUp(next.operating_systems, facts.os, by, capOf('operating_systems'));
  tallyUp(next.devices, facts.device, by, capOf('devices'));
  tallyUp(next.countries, facts.country, by, capOf('countries'));
  // A link's own counts keep where its clicks went; a user's keep which of its links they were for.
  if (urlId === undefined) tallyUp(next.targets, facts.target, by, capOf('targets'));
  else tallyUp(next.links, String(urlId), by, capOf('links'));
  return next;
}

function copyCounts(counts: StatsCounts): StatsCounts {
  const next = { ...counts };
  for (const dimension of dimensions) next[dimension] = { ...counts[dimension] };
  return next;
}

/** The sum of counts (no cap: a sum is only read, never stored). */
export function sumCounts(all: StatsCounts[]): StatsCounts {
  const total = emptyCounts();
  for (const counts of all) {
    total.clicks += counts.clicks;
    total.bots += counts.bots;
    for (const dimension of dimensions) {
      for (const [name, clicks] of Object.entries(counts[dimension])) {
        total[dimension][name] = (total[dimension][name] ?? 0) + clicks;
      }
    }
  }
  return total;
}

/**
 * `counts` without the clicks of `part` (a deleted link's counts taken out of its owner's), also counted
 * as one of `urlId`'s. A name `counts` does not hold was counted under OTHER there.
 */
export function subtractCounts(counts: StatsCounts, part: StatsCounts, urlId: number): StatsCounts {
  const next = copyCounts(counts);
  next.clicks -= part.clicks;
  next.bots -= part.bots;
  for (const dimension of dimensions) {
    // A link's counts have no links of their own; a user's have no targets.
    if (dimension === 'links' || dimension === 'targets') continue;
    for (const [name, clicks] of Object.entries(part[dimension])) {
      tallyUp(next[dimension], name in next[dimension] ? name : OTHER, -clicks, Number.POSITIVE_INFINITY);
    }
  }
  const link = String(urlId);
  tallyUp(next.links, link in next.links ? link : OTHER, -part.clicks, Number.POSITIVE_INFINITY);
  return next;
}

/**
 * The top `limit` names by clicks (ties by name), then `other` with the rest when there is a rest, so that
 * the list adds up to `total`.
 */
export function topList(tally: Tally, total: number, limit = 10): { name: string; clicks: number }[] {
  const named = Object.entries(tally)
    .filter(([name, clicks]) => name !== OTHER && clicks > 0)
    .sort(([a, x], [b, y]) => y - x || (a < b ? -1 : 1))
    .slice(0, limit)
    .map(([name, clicks]) => ({ name, clicks }));
  const rest = total - named.reduce((sum, entry) => sum + entry.clicks, 0);
  return rest > 0 ? [...named, { name: 'other', clicks: rest }] : named;
}
