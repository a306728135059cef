import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { OverloadedError } from '../errors.js';
import { subtractCounts } from '../stats/stats-counts.js';
import { deleteKeys } from './bulk-writes.js';
import { existingUrls } from './event-items.js';
import { accessPatterns, type Key, keys, linkScope, type StatsScope, statsPeriodOf, userScope } from './keys.js';
import { readAll } from './list-windows.js';
import { retryWithBackoff } from './retry.js';
import { currentLayout } from './scale/shard-layout.js';
import { slotsOf } from './scale/stats-slots.js';
import { countsPut, type StoredCounts, TRANSACTION_ITEMS, toStoredCounts, versionCondition } from './stats-items.js';
import {
  documentClient,
  getItems,
  type Item,
  itemKey,
  keyOf,
  overloaded,
  type TransactItem,
  tableName,
} from './table.js';

/** Taking statistics out: a deleted link's out of its owner's, and a deleted scope's altogether. */

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
  await retryWithBackoff(
    async () => {
      let contended = false;
      for await (const items of countsItemsOf(scope, slots)) {
        for (let i = 0; i < items.length; i += DETACH_CHUNK) {
          if (!(await detachChunk(urlId, items.slice(i, i + DETACH_CHUNK)))) contended = true;
        }
      }
      return contended ? undefined : true;
    },
    { attempts: DETACH_ATTEMPTS },
    () => {
      throw overloaded('TransactWriteItems', new Error('Link statistics kept changing'));
    },
  );
  await deleteStatsItems(scope, slots, 'visitorSketch');
}

/**
 * Deletes some of a link's counts items and subtracts them from its owner's in one transaction; answers
 * false when another writer changed one of them meanwhile (nothing was written: read again).
 */
async function detachChunk(urlId: number, chunk: Item[]): Promise<boolean> {
  const ownerKeys = chunk.map((item) => {
    const { interval, start } = statsPeriodOf(item.SK);
    return keys.clickCounts(userScope(Number(item.owner_id)), 0, interval, start);
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
    deletes.push({ Delete: { TableName: tableName(), Key: itemKey(item), ...versionCondition(Number(item.v)) } });
  });
  const puts = [...byOwnerItem.values()].map(({ key, scope: owner, stored }) =>
    countsPut(key, stored, { scope: owner }),
  );
  try {
    await documentClient.send(new TransactWriteCommand({ TransactItems: [...deletes, ...puts] }));
    return true;
  } catch (error) {
    if (!(error instanceof TransactionCanceledException) && !(error instanceof OverloadedError)) throw error;
    return false;
  }
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
 * Reads these URLs again after their clicks were counted, and takes the statistics of those deleted
 * meanwhile out once more (their deletion may have detached them just before the count).
 */
export async function detachStatsOfGone(urlIds: number[]): Promise<void> {
  const after = await existingUrls([...new Set(urlIds)]);
  await Promise.all(urlIds.filter((urlId) => !after.has(urlId)).map((urlId) => detachLinkStats(urlId)));
}
