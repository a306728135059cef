import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { clickFacts } from '../stats/click-facts.js';
import { addClick, emptyCounts } from '../stats/stats-counts.js';
import { addTags, emptySketch } from '../stats/visitor-sketch.js';
import { deleteKeys } from './bulk-writes.js';
import { CLICK, type OwnedEvent, toOwnedEvent } from './event-items.js';
import { accessPatterns, keys, type StatsScope, scopeOwner } from './keys.js';
import { getUrl } from './link-reads.js';
import { readAll } from './list-pages.js';
import { currentLayout } from './shard-layout.js';
import { type EventList, shardCount, shardPatterns } from './sharded-lists.js';
import { type HourStats, hourStatsItem } from './stats-items.js';
import { documentClient, type Item, itemKey, tableName } from './table.js';
import { getUser } from './users.js';
import { visitorTagsOf } from './visitor-batches.js';

/**
 * Counting a scope's statistics again from its stored click events, for a range of hours
 * (`npm run recount-stats`, docs/operations.md "Statistics behind or short"): what the click counter would
 * have counted had it seen every record, for the clicks it gave up on (its on-failure destination says which
 * shard and when) or any other doubt. Idempotent: each hour's statistics items (one per stream shard that
 * counted clicks into it) are replaced by one item of the recount's own, whose sequence mark no stream record
 * passes; a click event deleted later (its link's or owner's deletion) is still taken out by the counter from
 * its shard's item, and readers add an hour's items up, so the sums stay right.
 *
 * Visitors are counted from the visitor tags the writer kept (2 days); a click whose tag is gone counts as one
 * visitor per user agent per month, as a seeded click does.
 */

/** The shard name of a recount's items (stream shard ids are `shardId-...`). */
const RECOUNT_SHARD = 'recount';
/** Past every 40-digit stream sequence number: the counter never counts a record into a recount's item. */
const PAST_EVERY_RECORD = '9'.repeat(40);

/** An hour as statistics items name it: `2026-11-23T05`. */
const HOUR = /^\d{4}-\d{2}-\d{2}T\d{2}$/;

export interface RecountResult {
  hours: number;
  clicks: number;
  /** Statistics items replaced (the shards' and an earlier recount's). */
  replaced: number;
}

/** The click events of a scope with timestamps in `[from, to)`, every shard of its list, with their visitor batch. */
async function clicksOf(scope: StatsScope, from: string, to: string): Promise<OwnedEvent[]> {
  const owner = scopeOwner(scope);
  const list: EventList =
    owner.kind === 'link' ? { kind: 'url', urlId: owner.urlId } : { kind: 'user', userId: owner.userId };
  const layout = await currentLayout({ fresh: true });
  const clicks: OwnedEvent[] = [];
  for (const pattern of shardPatterns(list, shardCount(layout, list))) {
    const { orderedBy: _, ...query } = pattern;
    for await (const items of readAll({
      ...query,
      FilterExpression: 'event_type = :click AND #at >= :from AND #at < :to',
      ExpressionAttributeNames: { ...query.ExpressionAttributeNames, '#at': 'timestamp' },
      ExpressionAttributeValues: { ...query.ExpressionAttributeValues, ':click': CLICK, ':from': from, ':to': to },
    })) {
      for (const item of items) {
        const click: OwnedEvent = {
          ...toOwnedEvent(item),
          ...(typeof item.visitor_batch === 'string' && { visitor_batch: item.visitor_batch }),
        };
        // A user's statistics are its links' clicks: the events of its list that are on another's link are not.
        if (owner.kind === 'link' || click.owner_id === owner.userId) clicks.push(click);
      }
    }
  }
  return clicks;
}

/**
 * Counts `scope`'s statistics again for the hours `fromHour` to `toHour` (inclusive, `2026-11-23T05`). The
 * scope must exist (a deleted one has no statistics to count).
 */
export async function recountStats(scope: StatsScope, fromHour: string, toHour: string): Promise<RecountResult> {
  if (!HOUR.test(fromHour) || !HOUR.test(toHour) || fromHour > toHour) {
    throw new Error(`Hours are written 2026-11-23T05, the first not after the last (got ${fromHour} to ${toHour})`);
  }
  const owner = scopeOwner(scope);
  if (owner.kind === 'link') await getUrl(owner.urlId);
  else await getUser(owner.userId);
  const after = new Date(Date.parse(`${toHour}:00:00Z`) + 3600_000).toISOString().slice(0, 13);
  const clicks = await clicksOf(scope, `${fromHour}:00:00.000`, `${after}:00:00.000`);
  const tags = await visitorTagsOf([
    ...new Set(clicks.flatMap((click) => (click.visitor_batch ? [click.visitor_batch] : []))),
  ]);
  const hours = new Map<string, HourStats>();
  const visitorsOfHour = new Map<string, number[]>();
  for (const click of clicks) {
    const facts = clickFacts(click, tags.get(click.id));
    const stats = hours.get(facts.hour) ?? {
      counts: emptyCounts(),
      visitors: emptySketch(),
      sequence: PAST_EVERY_RECORD,
    };
    stats.counts = addClick(stats.counts, facts, owner.kind === 'user' ? click.url_id : undefined);
    hours.set(facts.hour, stats);
    if (facts.visitor !== undefined)
      visitorsOfHour.set(facts.hour, [...(visitorsOfHour.get(facts.hour) ?? []), facts.visitor]);
  }
  const stale: Item[] = [];
  for await (const items of readAll({ ...accessPatterns.statsRange(scope, fromHour, toHour), ConsistentRead: true })) {
    stale.push(...items);
  }
  await deleteKeys(stale.map(itemKey));
  for (const [hour, stats] of hours) {
    const visitors = visitorsOfHour.get(hour) ?? [];
    await documentClient.send(
      new PutCommand({
        TableName: tableName(),
        Item: hourStatsItem(keys.clickStats(scope, hour, RECOUNT_SHARD), {
          ...stats,
          visitors: visitors.length > 0 ? addTags(emptySketch(), visitors) : stats.visitors,
        }),
      }),
    );
  }
  return { hours: hours.size, clicks: clicks.length, replaced: stale.length };
}
