import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { OverloadedError } from '../platform/errors.js';
import { type ClickFacts, clickFacts } from '../stats/click-facts.js';
import { addClick, removeClick } from '../stats/stats-counts.js';
import {
  addTags,
  decodeSketch,
  emptySketch,
  encodeSketch,
  mergeSketches,
  type VisitorSketch,
} from '../stats/visitor-sketch.js';
import { deleteKeys, forEachConcurrently } from './bulk-writes.js';
import { deletionsKnownHere } from './deletion-copies.js';
import type { OwnedEvent } from './event-items.js';
import { type Key, keys, linkScope, type StatsScope, scopeOwner, userScope } from './keys.js';
import { retryWithBackoff } from './retry.js';
import { emptyHourStats, type HourStats, hourStatsItem, toHourStats } from './stats-items.js';
import { documentClient, getItem, keyOf, overloaded, tableName, writeIf } from './table.js';
import { visitorTagsOf } from './visitor-batches.js';

/**
 * Counting clicks in the statistics from the table's stream: every click event stored counts once, every
 * click event deleted (its URL's or its user's deletion) is taken out once, so the statistics always add up to
 * the clicks listed.
 *
 * Exactly once, without a marker per click: the stream gives each shard's records in order, and each shard
 * counts into statistics items of its own (keys.ts, `clickStats`), each remembering the sequence number of the
 * last record counted into it. A batch delivered again after a failure (Lambda retries from the last
 * checkpoint) finds its records at or before that number on every item it already wrote: they are skipped.
 * An item is one conditional put per batch, however many clicks of its hour the batch holds; the last version
 * written is kept in memory, so writing an item again costs no read, and an item not in memory is first
 * taken to be new (read only when it is not).
 *
 * An hour's visitors are kept in two places, so that the item every batch rewrites stays small: the visitor
 * tags of its latest clicks in the item itself, and the rest folded into a sketch of their own (`clickVisitors`,
 * up to 10 KiB), rewritten once every FOLD_AT visitors rather than at every batch. Sketches merge by union, so
 * readers add both up (stats-reading.ts) to the same figure, and a fold repeated after a failure changes
 * nothing.
 *
 * A scope deleted lately (deletion-copies.ts) keeps no statistics: what a batch wrote of them after
 * their deletion is deleted once the batch is written. A deleted link's clicks still come out of its owner's
 * statistics, as its events are deleted.
 */

/** A change the statistics count: a click stored (+1) or deleted (-1), at its place in its shard of the stream. */
export interface ClickChange {
  by: 1 | -1;
  /** The stream record's sequence number, sortable as text (stats-items.ts, `sortableSequence`). */
  sequence: string;
  click: OwnedEvent;
}

/** What one statistics item gets from a batch: its changes, in order, with their facts. */
interface Target {
  key: Key;
  /** Where its hour's visitors are folded (`keys.clickVisitors`). */
  visitorsKey: Key;
  scope: StatsScope;
  /** The owner of the scope's link(s): a deleted owner's links are deleted with it. */
  ownerId: number;
  changes: { by: 1 | -1; sequence: string; facts: ClickFacts; urlId: number }[];
}

function targetsOf(shard: string, changes: ClickChange[], tags: Map<number, number>): Target[] {
  const targets = new Map<string, Target>();
  for (const { by, sequence, click } of changes) {
    const facts = clickFacts(click, by === 1 ? tags.get(click.id) : undefined);
    for (const scope of [linkScope(click.url_id), userScope(click.owner_id)]) {
      const key = keys.clickStats(scope, facts.hour, shard);
      const target = targets.get(keyOf(key)) ?? {
        key,
        visitorsKey: keys.clickVisitors(scope, facts.hour, shard),
        scope,
        ownerId: click.owner_id,
        changes: [],
      };
      target.changes.push({ by, sequence, facts, urlId: click.url_id });
      targets.set(keyOf(key), target);
    }
  }
  return [...targets.values()];
}

/** An item's statistics with the changes it has not counted yet; nothing when it has counted them all. */
function withChanges(stats: HourStats, target: Target): HourStats | undefined {
  const fresh = target.changes.filter((change) => change.sequence > stats.sequence);
  if (fresh.length === 0) return undefined;
  let counts = stats.counts;
  const visitors: number[] = [];
  for (const { by, facts, urlId } of fresh) {
    const link = target.scope.startsWith('USER#') ? urlId : undefined;
    counts = by === 1 ? addClick(counts, facts, link) : removeClick(counts, facts, link);
    if (by === 1 && facts.visitor !== undefined) visitors.push(facts.visitor);
  }
  return {
    counts,
    visitors: visitors.length > 0 ? addTags(stats.visitors, visitors) : stats.visitors,
    sequence: (fresh.at(-1) as { sequence: string }).sequence,
  };
}

/**
 * The statistics items this instance wrote last, as it wrote them: a shard's consumer writes its own items,
 * so the next batch starts from these without reading them. Should another writer have changed one since (a
 * retried invocation still running), the put's condition fails and the item is read.
 */
const written = new Map<string, HourStats>();
const WRITTEN_LIMIT = 5000;

function remember(id: string, stats: HourStats): void {
  written.delete(id);
  written.set(id, stats);
  if (written.size > WRITTEN_LIMIT) written.delete(written.keys().next().value as string);
}

async function readStats(key: Key): Promise<{ stats: HourStats; stored: boolean }> {
  const out = await documentClient.send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }));
  return { stats: toHourStats(out.Item), stored: out.Item !== undefined };
}

/**
 * Visitor tags a statistics item holds before they are folded into its sketch: 512 bytes of tags, so the
 * item a batch rewrites stays about a kilobyte (one write unit) while the sketch is written once per 128
 * visitors. Measured in docs/benchmarks.md (What a redirect costs).
 */
const FOLD_AT = 128;

const mustFold = (visitors: VisitorSketch) => visitors.kind === 'registers' || visitors.tags.size > FOLD_AT;

/** The folded sketches this instance wrote last, with their revision (a fold's condition). */
const sketches = new Map<string, { sketch: VisitorSketch; rev: number }>();
const SKETCHES_LIMIT = 1000;
/** Sketches whose last fold found another writer's: read before the next fold. */
const sketchesToRead = new Set<string>();

function rememberSketch(id: string, known: { sketch: VisitorSketch; rev: number }): void {
  sketches.delete(id);
  sketches.set(id, known);
  if (sketches.size > SKETCHES_LIMIT) sketches.delete(sketches.keys().next().value as string);
}

/**
 * Folds visitor tags into the hour's sketch: one conditional put of the union (a sketch this instance does not
 * know is taken to be new, and read only when the put finds it is not). Answers false when another writer
 * folded meanwhile: the caller tries again.
 */
async function foldVisitors(key: Key, pending: VisitorSketch): Promise<boolean> {
  const id = keyOf(key);
  let known = sketches.get(id);
  if (!known && sketchesToRead.has(id)) {
    const item = await getItem(key);
    known = { sketch: decodeSketch(item?.visitors as Uint8Array | undefined), rev: Number(item?.rev ?? 0) };
    sketchesToRead.delete(id);
  }
  const { sketch, rev } = known ?? { sketch: emptySketch(), rev: 0 };
  const folded = mergeSketches(sketch, pending);
  const done = await writeIf(
    new PutCommand({
      TableName: tableName(),
      Item: { ...key, visitors: encodeSketch(folded), rev: rev + 1 },
      ...(rev === 0
        ? { ConditionExpression: 'attribute_not_exists(PK)' }
        : { ConditionExpression: 'rev = :rev', ExpressionAttributeValues: { ':rev': rev } }),
    }),
  );
  if (!done) {
    sketches.delete(id);
    sketchesToRead.add(id);
    return false;
  }
  rememberSketch(id, { sketch: folded, rev: rev + 1 });
  return true;
}

/**
 * Counts a target's changes into its item: one conditional put, and a fold of its visitors first when they
 * are past FOLD_AT. An item this instance did not write is taken to be new (most are: an hour's first clicks),
 * and read only when the put finds it is not. The fold comes first: should the put then fail, the tags are
 * both folded and still in the item, which a union counts once.
 */
async function countInto(target: Target, deadline: number): Promise<void> {
  const id = keyOf(target.key);
  let assumeNew = true;
  let last: unknown;
  await retryWithBackoff(
    async () => {
      const remembered = written.get(id);
      const { stats, stored } = remembered
        ? { stats: remembered, stored: true }
        : assumeNew
          ? { stats: emptyHourStats(), stored: false }
          : await readStats(target.key);
      let next = withChanges(stats, target);
      if (!next) return true;
      let counted: unknown;
      try {
        if (mustFold(next.visitors)) {
          if (!(await foldVisitors(target.visitorsKey, next.visitors))) return undefined;
          next = { ...next, visitors: emptySketch() };
        }
        counted = await writeIf(
          new PutCommand({
            TableName: tableName(),
            Item: hourStatsItem(target.key, next),
            ...(stored
              ? { ConditionExpression: 'seq = :seen', ExpressionAttributeValues: { ':seen': stats.sequence } }
              : { ConditionExpression: 'attribute_not_exists(PK)' }),
          }),
        );
      } catch (error) {
        last = error;
        if (error instanceof OverloadedError) return undefined;
        throw error;
      }
      if (!counted) {
        // Not new, or written by another invocation meanwhile: read it, consistently.
        written.delete(id);
        assumeNew = false;
        return undefined;
      }
      remember(id, next);
      return true;
    },
    { deadline, baseMs: 20, capMs: 1000 },
    () => {
      throw overloaded('PutItem', last);
    },
  );
}

/** Statistics items written at once by one invocation. */
const ITEMS_AT_ONCE = 16;

/**
 * Counts a batch of one stream shard's click changes, each exactly once however often the batch is
 * delivered. Throws when an item cannot be written by `deadline`: the batch is then delivered again, and
 * what was counted is skipped.
 */
export async function countClickChanges(shard: string, changes: ClickChange[], deadline: number): Promise<void> {
  if (changes.length === 0) return;
  const inserted = changes.flatMap(({ by, click }) =>
    by === 1 && click.visitor_batch !== undefined ? [click.visitor_batch] : [],
  );
  const targets = targetsOf(shard, changes, await visitorTagsOf(inserted));
  await forEachConcurrently(targets, ITEMS_AT_ONCE, (target) => countInto(target, deadline));
  // A scope deleted lately, maybe while this batch was written, had its statistics deleted: what this batch
  // wrote of them goes too, rather than wait for the deletion's delayed sweep. By the deletions this instance
  // knows (seconds old): those statistics answer 404 already, what is left of them is garbage, and the sweep
  // removes what a deletion newer than this copy leaves.
  const deletions = await deletionsKnownHere();
  const stale = targets.filter(({ scope, ownerId }) => {
    const owner = scopeOwner(scope);
    return deletions.users.has(ownerId) || (owner.kind === 'link' && deletions.urls.has(owner.urlId));
  });
  for (const { key, visitorsKey } of stale) {
    written.delete(keyOf(key));
    sketches.delete(keyOf(visitorsKey));
  }
  await deleteKeys(
    stale.flatMap(({ key, visitorsKey }) => [key, visitorsKey]),
    deadline,
  );
}
