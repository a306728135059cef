import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { OverloadedError } from '../errors.js';
import { type ClickFacts, clickFacts } from '../stats/click-facts.js';
import {
  addClick,
  dimensions,
  emptyCounts,
  removeClick,
  type StatsCounts,
  subtractCounts,
  sumCounts,
  type Tally,
} from '../stats/stats-counts.js';
import {
  addTags,
  decodeSketch,
  emptySketch,
  encodeSketch,
  mergeSketches,
  type VisitorSketch,
} from '../stats/visitor-sketch.js';
import { currentLayout, widenLists } from './event-layout.js';
import { type EventList, listName, type ShardLayout, shardCount } from './event-shards.js';
import { accessPatterns, type Key, keys, type StatsInterval, type StatsScope } from './keys.js';
import {
  deleteKeys,
  documentClient,
  forEachConcurrently,
  getItem,
  getItems,
  type Item,
  itemKey,
  keyOf,
  overloaded,
  pause,
  putItems,
  readAll,
  TableName,
  type TransactItem,
} from './operations.js';

/**
 * Click statistics: per link and per user (all of the user's links), per hour and per day, the clicks, the
 * bots among them, a tally per dimension (referrer host, browser, OS, device, country, and for a user its
 * links), and the visitors (visitor-sketch.ts).
 *
 * Exactly once. A click is counted in one transaction with a marker of its own (`COUNTED#<event id>`,
 * written only if absent), so however often it is delivered, retried or replayed it is counted once; the
 * counts are read first and written with a condition on their version, so concurrent writers never lose
 * each other's clicks. The event itself is written before (events.ts), so a click is counted once it is
 * listed; a writer that fails in between leaves the message on the queue, and its redelivery counts it.
 *
 * Hot scopes. A link whose event list has several shards (a viral link) spreads its counts over as many
 * slots, up to LINK_SLOTS; a user likewise up to USER_SLOTS: every transaction writes one slot, chosen at
 * random, and readers add the slots up. A scope that is not hot has one slot: reading a range of it is two
 * queries, whatever its clicks.
 *
 * Visitors. The tags of a slot's new visitors wait in its counts item (`pending`, at most PENDING_TAGS) and
 * move to the slot's sketch item in bulk, in the same transaction, so that the large sketch is written once
 * per PENDING_TAGS visitors, not per click. Readers merge both.
 */

const LINK_SLOTS = 16;
const USER_SLOTS = 64;
const PENDING_TAGS = 256;
/** Transactions of one user's clicks in flight at once, when its counts are spread over enough slots. */
const CHUNKS_AT_ONCE = 4;
/** Items one transaction may hold (DynamoDB's limit). */
const TRANSACTION_ITEMS = 100;
/** Markers live longer than a message can (4 days on the queue, then 14 in the dead-letter queue's redrive). */
const MARKER_TTL_SECONDS = 20 * 24 * 3600;

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
}

export const linkScope = (urlId: number): StatsScope => `URL#${urlId}`;
export const userScope = (userId: number): StatsScope => `USER#${userId}`;

/** How many slots a scope's statistics are spread over: as many as its event list has shards, up to a cap. */
export function slotsOf(layout: ShardLayout, scope: StatsScope): number {
  const [kind, id] = scope.split('#') as ['URL' | 'USER', string];
  return kind === 'URL'
    ? Math.min(LINK_SLOTS, shardCount(layout, { kind: 'url', urlId: Number(id) }))
    : Math.min(USER_SLOTS, shardCount(layout, { kind: 'user', userId: Number(id) }));
}

/** One interval of one scope, in the stored form. */
interface StoredCounts {
  counts: StatsCounts;
  pending: Set<number>;
  version: number | undefined;
}

function toStoredCounts(item: Item | undefined): StoredCounts {
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

const versionCondition = (version: number | undefined) =>
  version === undefined
    ? { ConditionExpression: 'attribute_not_exists(PK)' }
    : { ConditionExpression: 'v = :v', ExpressionAttributeValues: { ':v': version } };

function countsPut(key: Key, stored: StoredCounts, extra: Item): TransactItem {
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
  return { Put: { TableName, Item: item, ...versionCondition(stored.version) } };
}

/** What one transaction adds to one counts item. */
interface Target {
  key: Key;
  scope: StatsScope;
  slot: number;
  interval: StatsInterval;
  start: string;
  clicks: { facts: ClickFacts; urlId: number }[];
}

function targetsOf(
  clicks: { click: CountableClick; facts: ClickFacts }[],
  slotOf: (scope: StatsScope) => number,
): Map<string, Target> {
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
  return targets;
}

const throttleReasons = new Set(['ThrottlingError', 'ProvisionedThroughputExceeded']);

/**
 * Gives throttled scopes more slots: a scope has as many as its event list has shards (up to its cap), so its
 * list is widened, as the writer widens a list whose events are throttled. A link can be hot for its
 * statistics and not for its events: each transaction rewrites its counts items whole (a few KB) for the few
 * of its clicks in a batch, so a link that is in every batch throttles its items before its event list.
 */
async function widenScopes(throttled: Target[], layout: ShardLayout): Promise<void> {
  const hot = new Map<string, boolean>();
  for (const { scope } of throttled) {
    const [kind, id] = scope.split('#') as ['URL' | 'USER', string];
    const list: EventList = kind === 'URL' ? { kind: 'url', urlId: Number(id) } : { kind: 'user', userId: Number(id) };
    if (slotsOf(layout, scope) < (kind === 'URL' ? LINK_SLOTS : USER_SLOTS)) hot.set(listName(list), false);
  }
  await widenLists(
    [...hot].map(([name, far]) => ({ name, far })),
    layout,
  );
}

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

/**
 * Counts one chunk of clicks of one user's links in one transaction (with `also`, written in the same one),
 * or takes them out. Answers when every click of the chunk is counted (now, or by an earlier delivery) or
 * taken out (now, earlier, or never counted); throws an overload when it cannot be done by `deadline`.
 */
async function countChunk(
  chunk: { click: CountableClick; facts: ClickFacts }[],
  firstLayout: ShardLayout,
  deadline: number,
  also: TransactItem[],
  direction: Direction = 'count',
): Promise<void> {
  let left = chunk;
  let layout = firstLayout;
  for (let attempt = 0; ; attempt++) {
    const chosen = new Map<StatsScope, number>();
    const slotOf = (scope: StatsScope) => {
      if (direction === 'uncount') return 0;
      if (!chosen.has(scope)) chosen.set(scope, Math.floor(Math.random() * slotsOf(layout, scope)));
      return chosen.get(scope) as number;
    };
    const targets = [...targetsOf(left, slotOf).values()];
    const current = await getItems(targets.map((target) => target.key));
    const updates = targets.map((target) => {
      const stored = toStoredCounts(current.get(keyOf(target.key)));
      let counts = stored.counts;
      const pending = new Set(stored.pending);
      for (const { facts, urlId } of target.clicks) {
        const link = target.scope.startsWith('USER#') ? urlId : undefined;
        if (direction === 'uncount') {
          counts = removeClick(counts, facts, link);
        } else {
          counts = addClick(counts, facts, link);
          if (facts.visitor !== undefined) pending.add(facts.visitor);
        }
      }
      return { target, stored: { ...stored, counts, pending } };
    });
    const full = updates.filter(({ stored }) => stored.pending.size > PENDING_TAGS);
    const sketchKeys = full.map(({ target }) =>
      keys.visitorSketch(target.scope, target.slot, target.interval, target.start),
    );
    const sketches = full.length > 0 ? await getItems(sketchKeys) : new Map<string, Item>();
    const sketchPuts = full.map(({ target, stored }, i) => {
      const key = sketchKeys[i] as Key;
      const item = sketches.get(keyOf(key));
      const merged = addTags(decodeSketch(item?.sketch as Uint8Array | undefined), stored.pending);
      stored.pending = new Set();
      const version = item ? Number(item.v) : undefined;
      const put: TransactItem = {
        Put: {
          TableName,
          Item: { ...key, v: (version ?? 0) + 1, sketch: encodeSketch(merged), scope: target.scope },
          ...versionCondition(version),
        },
      };
      return put;
    });
    const markers: TransactItem[] = left.map(({ click }) =>
      direction === 'count'
        ? {
            Put: {
              TableName,
              Item: {
                ...keys.clickCounted(click.id),
                // A click another user made is taken out again if that user is deleted: its marker must last.
                ...((click.user_id ?? click.owner_id) === click.owner_id && {
                  expires_at: Math.floor(Date.now() / 1000) + MARKER_TTL_SECONDS,
                }),
              },
              ConditionExpression: 'attribute_not_exists(PK)',
            },
          }
        : { Delete: { TableName, Key: keys.clickCounted(click.id), ConditionExpression: 'attribute_exists(PK)' } },
    );
    const counted = updates.map(({ target, stored }) =>
      countsPut(target.key, stored, {
        scope: target.scope,
        ...(target.scope.startsWith('URL#') && { owner_id: (left[0] as { click: CountableClick }).click.owner_id }),
      }),
    );
    try {
      await documentClient.send(
        new TransactWriteCommand({ TransactItems: [...markers, ...also, ...counted, ...sketchPuts] }),
      );
      return;
    } catch (error) {
      if (error instanceof TransactionCanceledException) {
        const reasons = error.CancellationReasons ?? [];
        // Statistics items over their partition's limit: their scopes get more slots from now on.
        const written = [...updates.map(({ target }) => target), ...full.map(({ target }) => target)];
        const throttled = written.filter((_, i) =>
          throttleReasons.has(reasons[markers.length + also.length + i]?.Code ?? 'None'),
        );
        if (throttled.length > 0 && direction === 'count') {
          await widenScopes(throttled, layout);
          layout = await currentLayout({ fresh: true });
        }
        const done = new Set(
          left.flatMap(({ click }, i) => (reasons[i]?.Code === 'ConditionalCheckFailed' ? [click.id] : [])),
        );
        // Counted by an earlier delivery (or, taking out, not counted): not again. The rest changed under
        // us: read again and retry.
        left = left.filter(({ click }) => !done.has(click.id));
        if (left.length === 0) return;
        if (reasons.some((reason) => !retriedReasons.has(reason.Code ?? 'None'))) throw error;
      } else if (!(error instanceof OverloadedError)) {
        throw error;
      }
      if (Date.now() + 50 > deadline) throw overloaded('TransactWriteItems', error);
      await pause(Math.min(500, 10 * 2 ** Math.min(attempt, 6) * Math.random()));
    }
  }
}

/**
 * Splits one user's clicks into transactions: a marker per click, a counts item per interval and scope
 * touched, and room for the sketch each counts item may flush.
 */
function chunksOf<T extends { click: CountableClick; facts: ClickFacts }>(clicks: T[], room: number): T[][] {
  const chunks: T[][] = [];
  let chunk: T[] = [];
  let targets = new Set<string>();
  for (const entry of clicks) {
    const mine = [
      `U${entry.click.url_id}H${entry.facts.hour}`,
      `U${entry.click.url_id}D${entry.facts.day}`,
      `H${entry.facts.hour}`,
      `D${entry.facts.day}`,
    ];
    const next = new Set([...targets, ...mine]);
    if (chunk.length > 0 && chunk.length + 1 + 2 * next.size > room) {
      chunks.push(chunk);
      chunk = [];
      targets = new Set(mine);
    } else {
      targets = next;
    }
    chunk.push(entry);
  }
  if (chunk.length > 0) chunks.push(chunk);
  return chunks;
}

/** Clicks (each once, however often given) with their facts, by the owner whose counts they change. */
function clicksByOwner(clicks: CountableClick[]): Map<number, { click: CountableClick; facts: ClickFacts }[]> {
  const byOwner = new Map<number, { click: CountableClick; facts: ClickFacts }[]>();
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
  const [layout] = await Promise.all([currentLayout(), recordCountingSince()]);
  const byOwner = clicksByOwner(clicks);
  let also = options.also ?? [];
  await forEachConcurrently([...byOwner.values()], 8, async (entries) => {
    // One user's chunks all write its counts items: one after another while it has one slot (they would
    // only cancel each other), a few at once when it has several (each picks a slot at random).
    const owner = userScope((entries[0] as { click: CountableClick }).click.owner_id);
    const concurrency = Math.min(CHUNKS_AT_ONCE, slotsOf(layout, owner));
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

/** One interval's statistics of a scope: its counts and its visitors, every slot added up. */
export interface IntervalStats {
  start: string;
  counts: StatsCounts;
  visitors: VisitorSketch;
}

/**
 * The statistics of a scope's intervals from `first` to `last` (interval starts, inclusive), in order; an
 * interval without clicks is absent. Two consistent queries per slot, each reading one item per interval.
 */
export async function readClickStats(
  scope: StatsScope,
  interval: StatsInterval,
  first: string,
  last: string,
): Promise<IntervalStats[]> {
  const slots = slotsOf(await currentLayout(), scope);
  // Added up as the items arrive: a busy scope's range can be many slots of many items.
  const byStart = new Map<string, { counts: StatsCounts; visitors: VisitorSketch }>();
  const entry = (sk: unknown) => {
    const start = String(sk).slice(2);
    const found = byStart.get(start) ?? { counts: emptyCounts(), visitors: emptySketch() };
    byStart.set(start, found);
    return found;
  };
  await Promise.all(
    Array.from({ length: slots }, async (_, slot) => {
      for await (const items of readAll(accessPatterns.statsRange('clickCounts', scope, slot, interval, first, last))) {
        for (const item of items) {
          const stored = toStoredCounts(item);
          const found = entry(item.SK);
          found.counts = sumCounts([found.counts, stored.counts]);
          found.visitors = addTags(found.visitors, stored.pending);
        }
      }
      for await (const items of readAll(
        accessPatterns.statsRange('visitorSketch', scope, slot, interval, first, last),
      )) {
        for (const item of items) {
          const found = entry(item.SK);
          found.visitors = mergeSketches(found.visitors, decodeSketch(item.sketch as Uint8Array | undefined));
        }
      }
    }),
  );
  return [...byStart]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([start, { counts, visitors }]) => ({ start, counts, visitors }));
}

/** Every stored counts item of a scope, slot by slot. */
async function* countsItemsOf(scope: StatsScope, slots: number): AsyncGenerator<Item[]> {
  for (let slot = 0; slot < slots; slot++) yield* readAll(accessPatterns.statsOfSlot('clickCounts', scope, slot));
}

const DETACH_CHUNK = TRANSACTION_ITEMS / 2;
const DETACH_ATTEMPTS = 20;

/**
 * Takes a deleted link's statistics out of its owner's, then deletes them. Each counts item of the link is
 * deleted in the same transaction that subtracts it from the owner's, on a condition on both versions: a
 * count is taken out exactly once, however often this runs (the deletion, the writer that finds the link
 * gone after counting a click of it, the delayed sweep). The owner's visitors cannot be taken apart: they
 * keep the deleted link's (a sketch only grows).
 */
export async function detachLinkStats(urlId: number): Promise<void> {
  const scope = linkScope(urlId);
  const slots = slotsOf(await currentLayout({ fresh: true }), scope);
  for (let attempt = 1; ; attempt++) {
    let contended = false;
    for await (const items of countsItemsOf(scope, slots)) {
      for (let i = 0; i < items.length; i += DETACH_CHUNK) {
        const chunk = items.slice(i, i + DETACH_CHUNK);
        const ownerKeys = chunk.map((item) => {
          const interval: StatsInterval = String(item.SK).startsWith('H#') ? 'hour' : 'day';
          return keys.clickCounts(userScope(Number(item.owner_id)), 0, interval, String(item.SK).slice(2));
        });
        const owners = await getItems(ownerKeys);
        // Two link items of one interval (two slots) subtract from the same owner item: one after the other.
        const byOwnerItem = new Map<string, { key: Key; scope: StatsScope; stored: StoredCounts }>();
        const deletes: TransactItem[] = [];
        chunk.forEach((item, j) => {
          const ownerKey = ownerKeys[j] as Key;
          const id = keyOf(ownerKey);
          const owner = byOwnerItem.get(id) ?? {
            key: ownerKey,
            scope: userScope(Number(item.owner_id)),
            stored: toStoredCounts(owners.get(id)),
          };
          owner.stored = {
            ...owner.stored,
            counts: subtractCounts(owner.stored.counts, toStoredCounts(item).counts, urlId),
          };
          byOwnerItem.set(id, owner);
          deletes.push({
            Delete: {
              TableName,
              Key: itemKey(item),
              ...versionCondition(Number(item.v)),
            },
          });
        });
        const puts = [...byOwnerItem.values()].map(({ key, scope: owner, stored }) =>
          countsPut(key, stored, { scope: owner }),
        );
        try {
          await documentClient.send(new TransactWriteCommand({ TransactItems: [...deletes, ...puts] }));
        } catch (error) {
          if (!(error instanceof TransactionCanceledException) && !(error instanceof OverloadedError)) throw error;
          contended = true;
        }
      }
    }
    if (!contended) break;
    if (attempt >= DETACH_ATTEMPTS) throw overloaded('TransactWriteItems', new Error('Link statistics kept changing'));
    await pause(20 * attempt);
  }
  await deleteStatsItems(scope, slots, 'visitorSketch');
}

async function deleteStatsItems(scope: StatsScope, slots: number, key: 'clickCounts' | 'visitorSketch') {
  for (let slot = 0; slot < slots; slot++) {
    for await (const items of readAll(accessPatterns.statsOfSlot(key, scope, slot))) {
      await deleteKeys(items.map(itemKey));
    }
  }
}

/** Deletes a scope's statistics outright (a deleted user's, or a link of a user being deleted). */
export async function deleteClickStats(scope: StatsScope): Promise<void> {
  const slots = slotsOf(await currentLayout({ fresh: true }), scope);
  await Promise.all([deleteStatsItems(scope, slots, 'clickCounts'), deleteStatsItems(scope, slots, 'visitorSketch')]);
}

/**
 * When this table's clicks began to be counted as they are stored (ms), recorded once by the first function
 * that counts; the backfill of older clicks (legacy-events.ts) stops there, so it cannot count again a click
 * whose marker has expired. Each instance records it once.
 */
let countingSinceRecorded: Promise<unknown> | undefined;

function recordCountingSince(): Promise<unknown> {
  countingSinceRecorded ??= documentClient
    .send(
      new UpdateCommand({
        TableName,
        Key: keys.tableMeta(),
        UpdateExpression: 'SET click_stats_since = if_not_exists(click_stats_since, :now)',
        ExpressionAttributeValues: { ':now': Date.now() },
      }),
    )
    .catch((error: unknown) => {
      countingSinceRecorded = undefined;
      throw error;
    });
  return countingSinceRecorded;
}

/**
 * What the table says of its statistics: whether the clicks it held before it had statistics were counted
 * (legacy-events.ts), and when clicks began to be counted as they are stored (ms), if they have.
 */
export async function clickStatsState(): Promise<{ built: boolean; since: number | undefined }> {
  const meta = await getItem(keys.tableMeta());
  return {
    built: Boolean(meta?.click_stats_built),
    since: meta?.click_stats_since === undefined ? undefined : Number(meta.click_stats_since),
  };
}

/** Records that every stored click is counted: by the seed of an empty table, or by the backfill. */
export async function markClickStatsBuilt(): Promise<void> {
  await documentClient.send(
    new UpdateCommand({
      TableName,
      Key: keys.tableMeta(),
      UpdateExpression: 'SET click_stats_built = :now',
      ExpressionAttributeValues: { ':now': new Date().toISOString() },
    }),
  );
}

/**
 * Writes the statistics of clicks loaded into an empty table (the startup seed), computed whole: plain puts
 * of complete items, so a load cut short and started again writes the same items. Each scope in one slot.
 * `onProgress` hears each written request and may throw to stop the load.
 */
export async function putStatsOfLoadedClicks(
  clicks: CountableClick[],
  onProgress?: (done: number) => void,
): Promise<void> {
  type Loaded = { scope: StatsScope; interval: StatsInterval; start: string; counts: StatsCounts; tags: Set<number> };
  const loaded = new Map<string, Loaded>();
  for (const click of clicks) {
    const facts = clickFacts(click, click.visitor);
    for (const scope of [linkScope(click.url_id), userScope(click.owner_id)]) {
      for (const [interval, start] of [
        ['hour', facts.hour],
        ['day', facts.day],
      ] as const) {
        const id = `${scope}|${interval}|${start}`;
        const entry = loaded.get(id) ?? { scope, interval, start, counts: emptyCounts(), tags: new Set<number>() };
        entry.counts = addClick(entry.counts, facts, scope.startsWith('USER#') ? click.url_id : undefined);
        if (facts.visitor !== undefined) entry.tags.add(facts.visitor);
        loaded.set(id, entry);
      }
    }
  }
  const owners = new Map(clicks.map((click) => [click.url_id, click.owner_id]));
  const items = [...loaded.values()].flatMap(({ scope, interval, start, counts, tags }) => {
    const fits = tags.size <= PENDING_TAGS;
    const stored = { counts, pending: fits ? tags : new Set<number>(), version: undefined };
    const owner = scope.startsWith('URL#') ? { owner_id: owners.get(Number(scope.slice(4))) } : {};
    const put = countsPut(keys.clickCounts(scope, 0, interval, start), stored, { scope, ...owner });
    const countsItem = (put.Put as { Item: Item }).Item;
    if (fits) return [countsItem];
    const sketch = { v: 1, scope, sketch: encodeSketch(addTags(emptySketch(), tags)) };
    return [countsItem, { ...keys.visitorSketch(scope, 0, interval, start), ...sketch }];
  });
  await putItems(items, onProgress);
  await markClickStatsBuilt();
}
