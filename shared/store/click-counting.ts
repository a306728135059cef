import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { OverloadedError } from '../errors.js';
import { type ClickFacts, clickFacts } from '../stats/click-facts.js';
import { addClick, removeClick } from '../stats/stats-counts.js';
import { addTags, decodeSketch, encodeSketch } from '../stats/visitor-sketch.js';
import { forEachConcurrently } from './bulk-writes.js';
import { clickTotalAdd, markSpentLinks } from './click-limits.js';
import { type Key, keys, linkScope, type StatsInterval, type StatsScope, scopeOwner, userScope } from './keys.js';
import { retryWithBackoff } from './retry.js';
import { statsSlots } from './scale/levers.js';
import { currentLayout } from './scale/shard-layout.js';
import type { ShardLayout } from './scale/sharded-lists.js';
import { randomSlot, slotsOf, widenScopes } from './scale/stats-slots.js';
import {
  type CountableClick,
  countsPut,
  type StoredCounts,
  TRANSACTION_ITEMS,
  toStoredCounts,
  versionCondition,
} from './stats-items.js';
import { documentClient, getItems, type Item, keyOf, overloaded, type TransactItem, tableName } from './table.js';

/**
 * Counting clicks in the statistics, and taking them out again, each exactly once (stats-items.ts says how).
 */

/** Markers live longer than a message can (4 days on the queue, then 14 in the dead-letter queue's redrive). */
const MARKER_TTL_SECONDS = 20 * 24 * 3600;

type ClickEntry = { click: CountableClick; facts: ClickFacts };

/** What one transaction adds to one counts item. */
interface Target {
  key: Key;
  scope: StatsScope;
  slot: number;
  interval: StatsInterval;
  start: string;
  clicks: { facts: ClickFacts; urlId: number }[];
}

function targetsOf(clicks: ClickEntry[], slotOf: (scope: StatsScope) => number): Target[] {
  const targets = new Map<string, Target>();
  for (const { click, facts } of clicks) {
    for (const scope of [linkScope(click.url_id), userScope(click.owner_id)]) {
      for (const [interval, start] of [
        ['hour', facts.hour],
        ['day', facts.day],
      ] as const) {
        const slot = slotOf(scope);
        const key = keys.clickCounts(scope, slot, interval, start);
        const id = keyOf(key);
        const target = targets.get(id) ?? { key, scope, slot, interval, start, clicks: [] };
        target.clicks.push({ facts, urlId: click.url_id });
        targets.set(id, target);
      }
    }
  }
  return [...targets.values()];
}

const throttleReasons = new Set(['ThrottlingError', 'ProvisionedThroughputExceeded']);

/** Why a transaction may be cancelled and still succeed when tried again. */
const retriedReasons = new Set([
  'None',
  'ConditionalCheckFailed',
  'TransactionConflict',
  'ThrottlingError',
  'ProvisionedThroughputExceeded',
]);

/**
 * Whether a chunk's clicks are counted (each marker written if absent), or taken out again (each marker
 * deleted if present, the counts of slot 0 lowered: see removeClick).
 */
type Direction = 'count' | 'uncount';

/** The marker of each click: written if absent (counting), or deleted if present (taking out). */
function markerOf(click: CountableClick, direction: Direction): TransactItem {
  if (direction === 'uncount') {
    return {
      Delete: { TableName: tableName(), Key: keys.clickCounted(click.id), ConditionExpression: 'attribute_exists(PK)' },
    };
  }
  return {
    Put: {
      TableName: tableName(),
      Item: {
        ...keys.clickCounted(click.id),
        // A click another user made is taken out again if that user is deleted: its marker must last.
        ...((click.user_id ?? click.owner_id) === click.owner_id && {
          expires_at: Math.floor(Date.now() / 1000) + MARKER_TTL_SECONDS,
        }),
      },
      ConditionExpression: 'attribute_not_exists(PK)',
    },
  };
}

/**
 * The transaction that counts (or takes out) these clicks, from the counts as they are now: the markers
 * first, then the counts items, then the sketches that counts items full of pending visitors flush to.
 * Answers it with the scopes of the statistics items it writes, in the order they follow the markers.
 */
async function chunkTransaction(
  chunk: ClickEntry[],
  layout: ShardLayout,
  direction: Direction,
): Promise<{ markers: TransactItem[]; writes: TransactItem[]; scopes: StatsScope[] }> {
  const chosen = new Map<StatsScope, number>();
  const slotOf = (scope: StatsScope) => {
    if (direction === 'uncount') return 0;
    if (!chosen.has(scope)) chosen.set(scope, randomSlot(layout, scope));
    return chosen.get(scope) as number;
  };
  const targets = targetsOf(chunk, slotOf);
  const current = await getItems(targets.map((target) => target.key));
  const updates = targets.map((target) => {
    const stored = toStoredCounts(current.get(keyOf(target.key)));
    let counts = stored.counts;
    const pending = new Set(stored.pending);
    for (const { facts, urlId } of target.clicks) {
      const link = scopeOwner(target.scope).kind === 'user' ? urlId : undefined;
      if (direction === 'uncount') {
        counts = removeClick(counts, facts, link);
      } else {
        counts = addClick(counts, facts, link);
        if (facts.visitor !== undefined) pending.add(facts.visitor);
      }
    }
    return { target, stored: { ...stored, counts, pending } as StoredCounts };
  });
  const full = updates.filter(({ stored }) => stored.pending.size > statsSlots.pendingTags);
  const sketchKeys = full.map(({ target }) =>
    keys.visitorSketch(target.scope, target.slot, target.interval, target.start),
  );
  const sketches = full.length > 0 ? await getItems(sketchKeys) : new Map<string, Item>();
  const sketchPuts = full.map(({ target, stored }, i): TransactItem => {
    const key = sketchKeys[i] as Key;
    const item = sketches.get(keyOf(key));
    const merged = addTags(decodeSketch(item?.sketch as Uint8Array | undefined), stored.pending);
    stored.pending = new Set();
    const version = item ? Number(item.v) : undefined;
    return {
      Put: {
        TableName: tableName(),
        Item: { ...key, v: (version ?? 0) + 1, sketch: encodeSketch(merged), scope: target.scope },
        ...versionCondition(version),
      },
    };
  });
  const owner = (chunk[0] as ClickEntry).click.owner_id;
  const counted = updates.map(({ target, stored }) =>
    countsPut(target.key, stored, {
      scope: target.scope,
      ...(scopeOwner(target.scope).kind === 'link' && { owner_id: owner }),
    }),
  );
  const totals = direction === 'count' ? redirectedClicksOf(chunk) : new Map<number, number>();
  const totalAdds = [...totals].map(([urlId, clicks]) => clickTotalAdd(urlId, slotOf(linkScope(urlId)), clicks));
  return {
    markers: chunk.map(({ click }) => markerOf(click, direction)),
    writes: [...counted, ...sketchPuts, ...totalAdds],
    scopes: [...[...updates, ...full].map(({ target }) => target.scope), ...[...totals.keys()].map(linkScope)],
  };
}

/** The redirected clicks (not posted ones) of a chunk, by link: what their click totals grow by. */
function redirectedClicksOf(chunk: ClickEntry[]): Map<number, number> {
  const totals = new Map<number, number>();
  for (const { click } of chunk) {
    if (!click.posted) totals.set(click.url_id, (totals.get(click.url_id) ?? 0) + 1);
  }
  return totals;
}

/**
 * Counts one chunk of clicks of one user's links in one transaction (with `also`, written in the same one),
 * or takes them out. Answers when every click of the chunk is counted (now, or by an earlier delivery) or
 * taken out (now, earlier, or never counted); throws an overload when it cannot be done by `deadline`.
 */
async function countChunk(
  chunk: ClickEntry[],
  firstLayout: ShardLayout,
  deadline: number,
  also: TransactItem[],
  direction: Direction = 'count',
): Promise<void> {
  let left = chunk;
  let layout = firstLayout;
  let last: unknown;
  await retryWithBackoff(
    async () => {
      const { markers, writes, scopes } = await chunkTransaction(left, layout, direction);
      try {
        await documentClient.send(new TransactWriteCommand({ TransactItems: [...markers, ...also, ...writes] }));
        return true;
      } catch (error) {
        last = error;
        if (error instanceof OverloadedError) return undefined;
        if (!(error instanceof TransactionCanceledException)) throw error;
        const reasons = error.CancellationReasons ?? [];
        // Statistics items over their partition's limit: their scopes get more slots from now on.
        const throttled = scopes.filter((_, i) =>
          throttleReasons.has(reasons[markers.length + also.length + i]?.Code ?? 'None'),
        );
        if (throttled.length > 0 && direction === 'count') {
          await widenScopes(throttled, layout);
          layout = await currentLayout({ fresh: true });
        }
        // Counted by an earlier delivery (or, taking out, not counted): not again. The rest changed under
        // us: read again and retry.
        const done = new Set(
          left.flatMap(({ click }, i) => (reasons[i]?.Code === 'ConditionalCheckFailed' ? [click.id] : [])),
        );
        left = left.filter(({ click }) => !done.has(click.id));
        if (left.length === 0) return true;
        if (reasons.some((reason) => !retriedReasons.has(reason.Code ?? 'None'))) throw error;
        return undefined;
      }
    },
    { deadline, baseMs: 10, capMs: 500 },
    () => {
      throw overloaded('TransactWriteItems', last);
    },
  );
}

/**
 * Splits one user's clicks into transactions: a marker per click, a counts item per interval and scope
 * touched, room for the sketch each counts item may flush, and a click total per link.
 */
function chunksOf<T extends ClickEntry>(clicks: T[], room: number): T[][] {
  const chunks: T[][] = [];
  let chunk: T[] = [];
  let targets = new Set<string>();
  let links = new Set<number>();
  for (const entry of clicks) {
    const mine = [
      `U${entry.click.url_id}H${entry.facts.hour}`,
      `U${entry.click.url_id}D${entry.facts.day}`,
      `H${entry.facts.hour}`,
      `D${entry.facts.day}`,
    ];
    const next = new Set([...targets, ...mine]);
    const nextLinks = new Set([...links, entry.click.url_id]);
    if (chunk.length > 0 && chunk.length + 1 + 2 * next.size + nextLinks.size > room) {
      chunks.push(chunk);
      chunk = [];
      targets = new Set(mine);
      links = new Set([entry.click.url_id]);
    } else {
      targets = next;
      links = nextLinks;
    }
    chunk.push(entry);
  }
  if (chunk.length > 0) chunks.push(chunk);
  return chunks;
}

/** Clicks (each once, however often given) with their facts, by the owner whose counts they change. */
function clicksByOwner(clicks: CountableClick[]): Map<number, ClickEntry[]> {
  const byOwner = new Map<number, ClickEntry[]>();
  for (const click of new Map(clicks.map((click) => [click.id, click])).values()) {
    const entries = byOwner.get(click.owner_id) ?? [];
    entries.push({ click, facts: clickFacts(click, click.visitor) });
    byOwner.set(click.owner_id, entries);
  }
  return byOwner;
}

/**
 * Counts clicks in the statistics, each exactly once (see above). `also` is written in the first
 * transaction, with the first chunk (POST /events stores its click that way, atomically with its count).
 * Answers the ids of the clicks that could not be counted by `deadline` (throttled or contended throughout):
 * the caller delivers them again.
 */
export async function countClicks(
  clicks: CountableClick[],
  options: { deadline: number; also?: TransactItem[] },
): Promise<Set<number>> {
  const uncounted = new Set<number>();
  if (clicks.length === 0) return uncounted;
  const layout = await currentLayout();
  const byOwner = clicksByOwner(clicks);
  let also = options.also ?? [];
  await forEachConcurrently([...byOwner.values()], 8, async (entries) => {
    // One user's chunks all write its counts items: one after another while it has one slot (they would
    // only cancel each other), a few at once when it has several (each picks a slot at random).
    const owner = userScope((entries[0] as { click: CountableClick }).click.owner_id);
    const concurrency = Math.min(statsSlots.chunksAtOnce, slotsOf(layout, owner));
    await forEachConcurrently(chunksOf(entries, TRANSACTION_ITEMS - also.length), concurrency, async (chunk) => {
      const mine = also;
      also = [];
      try {
        await countChunk(chunk, layout, options.deadline, mine);
      } catch (error) {
        if (mine.length > 0 || !(error instanceof OverloadedError)) throw error;
        for (const { click } of chunk) uncounted.add(click.id);
      }
    });
  });
  await markSpentLinks(clicks.filter((click) => !uncounted.has(click.id)));
  return uncounted;
}

/**
 * Takes clicks out of the statistics, each at most once: those of a deleted user on other users' links,
 * whose events go with the user (so that the statistics still agree with the events listed). Each click's
 * marker is deleted in the transaction that lowers its counts, only if it is there: a click taken out twice,
 * or never counted, changes nothing. Its visitor stays counted (a sketch cannot forget one).
 */
export async function uncountClicks(clicks: CountableClick[], deadline: number): Promise<void> {
  const layout = await currentLayout();
  const byOwner = clicksByOwner(clicks);
  await forEachConcurrently([...byOwner.values()], 8, async (entries) => {
    for (const chunk of chunksOf(entries, TRANSACTION_ITEMS)) await countChunk(chunk, layout, deadline, [], 'uncount');
  });
}
