import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { OverloadedError } from '../platform/errors.js';
import type { Key } from './keys.js';
import { retryWithBackoff } from './retry.js';
import { bulkWriteClient, type Item, overloaded, tableName } from './table.js';

/**
 * Writes and deletes many items without transactions (loading, sweeping, the event writer's batches): 25 a
 * request, several requests at once, what DynamoDB leaves unprocessed or throttles tried again.
 */

const BATCH_LIMIT = 25;
const BATCH_CONCURRENCY = 8;

/** How long batched writes keep retrying what DynamoDB throttles before giving up with an overload. */
const BATCH_PATIENCE_MS = 20_000;

type WriteRequest = { PutRequest: { Item: Item } } | { DeleteRequest: { Key: Key } };

const inBatches = <T>(items: T[]): T[][] =>
  Array.from({ length: Math.ceil(items.length / BATCH_LIMIT) }, (_, i) =>
    items.slice(i * BATCH_LIMIT, (i + 1) * BATCH_LIMIT),
  );

/** A failure a later try may not meet: a timeout, a dropped connection, a 5xx. */
function isTransient(error: unknown): boolean {
  const failure = error as { $retryable?: unknown; $metadata?: { httpStatusCode?: number }; name?: string };
  return (
    failure.$retryable !== undefined ||
    (failure.$metadata?.httpStatusCode ?? 0) >= 500 ||
    ['TimeoutError', 'RequestTimeout', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT'].includes(String(failure.name))
  );
}

/** Sends one BatchWriteItem; answers what it did not write (all of it when throttled or failed in passing). */
async function sendBatch<T extends WriteRequest>(requests: T[]): Promise<T[]> {
  try {
    const out = await bulkWriteClient.send(new BatchWriteCommand({ RequestItems: { [tableName()]: requests } }));
    return (out.UnprocessedItems?.[tableName()] ?? []) as T[];
  } catch (error) {
    if (!(error instanceof OverloadedError) && !isTransient(error)) throw error;
    return requests;
  }
}

/** One BatchWriteItem of at most 25 requests, repeating what DynamoDB leaves unprocessed, until `deadline`. */
async function writeBatch(requests: WriteRequest[], deadline: number): Promise<void> {
  let pending = requests;
  await retryWithBackoff(
    async () => {
      pending = await sendBatch(pending);
      return pending.length === 0 ? true : undefined;
    },
    { deadline },
    () => {
      throw overloaded('BatchWriteItem', new Error(`${pending.length} writes left at the deadline`));
    },
  );
}

/**
 * Deletes items by key, retrying what DynamoDB leaves unprocessed or throttles, until `deadline` (epoch ms):
 * then it is an overload.
 */
export async function deleteKeys(keysToDelete: Key[], deadline = Date.now() + BATCH_PATIENCE_MS): Promise<void> {
  await forEachConcurrently(inBatches(keysToDelete), BATCH_CONCURRENCY, (batch) =>
    writeBatch(
      batch.map((key) => ({ DeleteRequest: { Key: { PK: key.PK, SK: key.SK } } })),
      deadline,
    ),
  );
}

/**
 * Writes items with plain puts, once: answers the items DynamoDB did not write (left unprocessed, or the
 * whole request throttled), for the caller to place and try again.
 */
export async function writeItemsOnce(items: Item[]): Promise<Item[]> {
  const unwritten: Item[] = [];
  await forEachConcurrently(inBatches(items), BATCH_CONCURRENCY, async (batch) => {
    const left = await sendBatch(batch.map((item) => ({ PutRequest: { Item: item } })));
    unwritten.push(...left.map((request) => request.PutRequest.Item));
  });
  return unwritten;
}

/**
 * Writes items with plain puts (for loading, not for rules). `onProgress` hears the number written after
 * each request; it may throw to stop the load (an abort).
 */
export async function putItems(items: Item[], onProgress: (done: number) => void = () => undefined): Promise<void> {
  let done = 0;
  await forEachConcurrently(inBatches(items), BATCH_CONCURRENCY, async (batch) => {
    await writeBatch(
      batch.map((item) => ({ PutRequest: { Item: item } })),
      Date.now() + BATCH_PATIENCE_MS,
    );
    done += batch.length;
    onProgress(done);
  });
}

/**
 * Runs `work` over `items` with at most `concurrency` in flight. The first failure stops it: no further item
 * is started, the ones in flight are let finish (nothing keeps writing after the caller has its answer), and
 * that first failure rejects.
 */
export async function forEachConcurrently<T>(
  items: T[],
  concurrency: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  let failure: { error: unknown } | undefined;
  const workers = Array.from({ length: Math.min(concurrency, items.length) }, async () => {
    while (next < items.length && !failure) {
      const item = items[next++] as T;
      try {
        await work(item);
      } catch (error) {
        failure ??= { error };
      }
    }
  });
  await Promise.all(workers);
  if (failure) throw failure.error;
}
