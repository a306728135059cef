import { dimensions, emptyCounts, type StatsCounts, type Tally } from '../stats/stats-counts.js';
import { decodeSketch, encodeSketch } from '../stats/visitor-sketch.js';
import type { Key } from './keys.js';
import { type Item, type TransactItem, tableName } from './table.js';

/**
 * Click statistics: per link and per user (all of the user's links), per hour and per day, the clicks, the
 * bots among them, a tally per dimension (referrer host, browser, OS, device, country, and for a user its
 * links), and the visitors (visitor-sketch.ts).
 *
 * Exactly once. A click is counted in one transaction with a marker of its own (`COUNTED#<event id>`,
 * written only if absent), so however often it is delivered, retried or replayed it is counted once; the
 * counts are read first and written with a condition on their version, so concurrent writers never lose
 * each other's clicks. The event itself is written before (event-delivery.ts, record-event.ts), so a click is counted once it is
 * listed; a writer that fails in between leaves the message on the queue, and its redelivery counts it.
 *
 * Hot scopes are spread over slots (scale/stats-slots.ts). A scope that is not hot has one slot: reading a
 * range of it is two queries, whatever its clicks.
 *
 * Visitors. The tags of a slot's new visitors wait in its counts item (`pending`, at most `statsSlots.pendingTags`, scale/levers.ts) and
 * move to the slot's sketch item in bulk, in the same transaction, so that the large sketch is written once
 * per that many visitors, not per click. Readers merge both.
 */

/** Items one transaction may hold (DynamoDB's limit). */
export const TRANSACTION_ITEMS = 100;

export interface CountableClick {
  id: number;
  url_id: number;
  owner_id: number;
  /** Who made the click (POST /events may name a user other than the link's owner). */
  user_id?: number;
  timestamp: string;
  details: Record<string, unknown>;
  /** The visitor tag from the click's queue message (never stored with the event). */
  visitor?: number;
  /** Sent to POST /events rather than observed by a redirect: counted under the device `api`. */
  posted?: boolean;
  /** The link's `max_clicks` as the redirect saw it: once its total reaches it, the link is marked spent. */
  click_limit?: number;
}

/** One interval of one scope, in the stored form. */
export interface StoredCounts {
  counts: StatsCounts;
  pending: Set<number>;
  version: number | undefined;
}

export function toStoredCounts(item: Item | undefined): StoredCounts {
  const counts = emptyCounts();
  if (item) {
    counts.clicks = Number(item.clicks ?? 0);
    counts.bots = Number(item.bots ?? 0);
    for (const dimension of dimensions) {
      counts[dimension] = Object.fromEntries(
        Object.entries((item[dimension] ?? {}) as Tally).map(([name, clicks]) => [name, Number(clicks)]),
      );
    }
  }
  const pending = decodeSketch(item?.pending as Uint8Array | undefined);
  return {
    counts,
    pending: pending.kind === 'exact' ? pending.tags : new Set(),
    version: item ? Number(item.v) : undefined,
  };
}

export const versionCondition = (version: number | undefined) =>
  version === undefined
    ? { ConditionExpression: 'attribute_not_exists(PK)' }
    : { ConditionExpression: 'v = :v', ExpressionAttributeValues: { ':v': version } };

export function countsPut(key: Key, stored: StoredCounts, extra: Item): TransactItem {
  const item: Item = {
    ...key,
    ...extra,
    v: (stored.version ?? 0) + 1,
    clicks: stored.counts.clicks,
    bots: stored.counts.bots,
  };
  for (const dimension of dimensions) {
    if (Object.keys(stored.counts[dimension]).length > 0) item[dimension] = stored.counts[dimension];
  }
  if (stored.pending.size > 0) item.pending = encodeSketch({ kind: 'exact', tags: stored.pending });
  return { Put: { TableName: tableName(), Item: item, ...versionCondition(stored.version) } };
}
