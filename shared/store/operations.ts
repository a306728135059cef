import { DynamoDBClient, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import {
  BatchGetCommand,
  BatchWriteCommand,
  DynamoDBDocumentClient,
  GetCommand,
  QueryCommand,
  type QueryCommandOutput,
  TransactWriteCommand,
  type TransactWriteCommandInput,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { batchPerTurn } from '../batch-per-turn.js';
import { config } from '../config.js';
import { OverloadedError } from '../errors.js';
import { metricNames } from '../metric-names.js';
import { increment, recordCount } from '../metrics.js';
import { KeyedSha256, leanSdkClient, resolvedOncePerCommand } from '../sdk-clients.js';
import { decodeCursor, encodeCursor } from './cursor.js';
import { type AccessPattern, type EventShardPattern, type Key, keys, type RecordKind } from './keys.js';

/**
 * The table's generic operations: reads, windows over an access pattern, transactions that report which
 * condition failed, and batched deletes. Domain modules (users.ts, urls.ts, events.ts) build on these.
 */

// One Lambda instance serves one request at a time, but the local runtime serves them all from one process:
// the SDK's default of 50 sockets then queues requests behind each other under load.
/**
 * DynamoDB's answers that mean "too much on a partition right now" (or an item held by a transaction), or
 * that it failed on its side (a 500 or 503 of its own, which the SDK retries too): after the retries, the
 * request can only be tried again later. A write whose answer was lost is safe to try again: the SDK
 * resends a transaction with its idempotency token, other writes are conditional or keyed by an id chosen
 * before, and an id counter's lost increment only skips ids.
 */
const overloadErrors = new Set([
  'ThrottlingException',
  'ProvisionedThroughputExceededException',
  'RequestLimitExceeded',
  'TransactionConflictException',
  'InternalServerError',
  'ServiceUnavailable',
]);

/** Throttling that outlived the retries, counted: the domain's overload (a 503 with Retry-After for a route). */
export function overloaded(operation: string, cause: unknown): OverloadedError {
  void recordCount(metricNames.throttledRequests, { operation });
  return new OverloadedError({ cause });
}

function createDocumentClient(options: { maxAttempts?: number } = {}) {
  const client = leanSdkClient(
    new DynamoDBClient({
      requestHandler: { httpAgent: { keepAlive: true, maxSockets: 512 } },
      sha256: KeyedSha256,
      ...options,
    }),
  );
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const operation = String(context.commandName).replace(/Command$/, '');
      increment(metricNames.dynamoDbCalls, { operation });
      try {
        return await next(args);
      } catch (error) {
        // Outermost (after the SDK's retries): what is still throttled is an overload, never an unhandled error.
        if (overloadErrors.has((error as Error).name)) throw overloaded(operation, error);
        throw error;
      }
    },
    { step: 'initialize', name: 'countDynamoDbCallsAndOverloads' },
  );
  return resolvedOncePerCommand(
    DynamoDBDocumentClient.from(client, { marshallOptions: { removeUndefinedValues: true } }),
  );
}

export const documentClient = createDocumentClient();

/**
 * For the event writer's bulk writes only: one attempt per request. The writer retries what was not written
 * itself, with a shorter backoff than the SDK's second for throttling and placing the events anew when their
 * lists were widened meanwhile (store/events.ts).
 */
const bulkWriteClient = createDocumentClient({ maxAttempts: 1 });

export const TableName = config.tableName;

export type Item = Record<string, unknown>;

/** Reserves `count` consecutive ids of a kind with one atomic increment; returns the first. */
export async function reserveIds(kind: RecordKind, count = 1): Promise<number> {
  const out = await documentClient.send(
    new UpdateCommand({
      TableName,
      Key: keys.counter(kind),
      UpdateExpression: 'ADD #value :count',
      ExpressionAttributeNames: { '#value': 'value' },
      ExpressionAttributeValues: { ':count': count },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  return Number(out.Attributes?.value) - count + 1;
}

/** Moves a kind's counter to at least `floor`, so ids assigned later stay above seeded ones. */
export async function raiseIdFloor(kind: RecordKind, floor: number): Promise<void> {
  await documentClient
    .send(
      new UpdateCommand({
        TableName,
        Key: keys.counter(kind),
        UpdateExpression: 'SET #value = :floor',
        ConditionExpression: 'attribute_not_exists(#value) OR #value < :floor',
        ExpressionAttributeNames: { '#value': 'value' },
        ExpressionAttributeValues: { ':floor': floor },
      }),
    )
    .catch((error: unknown) => {
      if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
    });
}

const BATCH_GET_LIMIT = 100;

/**
 * A strongly consistent read of one item. Reads asked for while another is in flight (only the local runtime
 * has those: it serves every request from one process) go out together at the end of the event loop's turn,
 * as one BatchGetItem (shared/batch-per-turn.ts).
 */
export const getItem: (key: Key) => Promise<Item | undefined> = batchPerTurn({
  most: BATCH_GET_LIMIT,
  one: async (key: Key) =>
    (await documentClient.send(new GetCommand({ TableName, Key: key, ConsistentRead: true }))).Item,
  many: async (wanted: Key[]) => {
    const found = await getItems(wanted);
    return wanted.map((key) => ({ status: 'fulfilled' as const, value: found.get(keyOf(key)) }));
  },
});

/** Strongly consistent reads of many items (100 a request), by key; what DynamoDB leaves unread is asked again. */
export async function getItems(wanted: Key[]): Promise<Map<string, Item>> {
  const found = new Map<string, Item>();
  const unique = [...new Map(wanted.map((key) => [keyOf(key), key])).values()];
  for (let i = 0; i < unique.length; i += BATCH_GET_LIMIT) {
    let pending: Key[] = unique.slice(i, i + BATCH_GET_LIMIT);
    for (let attempt = 0; pending.length > 0; attempt++) {
      if (attempt > 0) await pause(Math.min(1000, 20 * 2 ** attempt));
      const out = await documentClient.send(
        new BatchGetCommand({ RequestItems: { [TableName]: { Keys: pending, ConsistentRead: true } } }),
      );
      for (const item of out.Responses?.[TableName] ?? []) found.set(keyOf(itemKey(item)), item);
      pending = (out.UnprocessedKeys?.[TableName]?.Keys ?? []) as Key[];
    }
  }
  return found;
}

export const keyOf = (key: Key) => `${key.PK}|${key.SK}`;

/** The key of an item read from the table. */
export const itemKey = (item: Item): Key => ({ PK: String(item.PK), SK: String(item.SK) });

export interface Window {
  skip: number;
  limit: number;
  /** Resume after the item a previous page's cursor names (`skip` then counts from there). */
  cursor?: string;
  /** Extra conditions on non-key attributes, applied by DynamoDB after reading. */
  filter?: { expression: string; names?: Record<string, string>; values?: Record<string, unknown> };
}

/** A pattern's expression parts merged with a filter's; DynamoDB refuses an empty names map. */
function withFilter(pattern: AccessPattern, filter: NonNullable<Window['filter']>) {
  const names = { ...pattern.ExpressionAttributeNames, ...filter.names };
  return {
    FilterExpression: filter.expression,
    ExpressionAttributeValues: { ...pattern.ExpressionAttributeValues, ...filter.values },
    ...(Object.keys(names).length > 0 && { ExpressionAttributeNames: names }),
  };
}

/** One window of a list, and the cursor of the next when this one is full. */
export interface ListPage {
  items: Item[];
  next: string | undefined;
}

/**
 * Skips of at least this many items are counted by a query of their own rather than read with the window: below
 * it the second request costs more than the items it saves (locally ~0.45 ms a request against ~10 µs an item).
 */
const COUNTED_SKIP = 50;

/**
 * Reads items `skip` to `skip + limit` of an access pattern, in key order, after `cursor` if given.
 * DynamoDB cannot jump to an offset, so this reads every item up to `skip + limit` (plus, with a filter,
 * those filtered out); a cursor makes each further page cost only its own items.
 */
export async function readWindow(pattern: AccessPattern, { skip, limit, filter, cursor }: Window): Promise<ListPage> {
  let startKey: QueryCommandOutput['LastEvaluatedKey'] = cursor ? decodeCursor(pattern, cursor) : undefined;
  // Without a filter, a long run of items before the window is only counted: DynamoDB reads them all the same
  // (and bills them) but sends none, so neither side spends time writing and parsing items nobody is shown.
  const toSkip = !filter && skip >= COUNTED_SKIP ? skip : 0;
  if (toSkip > 0) {
    const past = await positionAfter(pattern, toSkip, startKey);
    if (past === 'end') return { items: [], next: undefined };
    startKey = past;
  }
  const wanted = skip - toSkip + limit;
  const items: Item[] = [];
  do {
    const out: QueryCommandOutput = await documentClient.send(
      new QueryCommand({
        ...pattern,
        TableName,
        ExclusiveStartKey: startKey,
        Limit: Math.min(Math.max(wanted - items.length, filter ? 100 : 1), 1000),
        ...(filter && withFilter(pattern, filter)),
      }),
    );
    items.push(...(out.Items ?? []));
    startKey = out.LastEvaluatedKey;
  } while (startKey && items.length < wanted);
  const page = items.slice(skip - toSkip, wanted);
  const last = page.at(-1);
  return { items: page, next: page.length === limit && last ? encodeCursor(pattern, last) : undefined };
}

/** The key to go on from after `count` items of a pattern (from `startKey`), counted only; 'end' when it has fewer. */
async function positionAfter(
  pattern: AccessPattern,
  count: number,
  startKey: QueryCommandOutput['LastEvaluatedKey'],
): Promise<QueryCommandOutput['LastEvaluatedKey'] | 'end'> {
  let counted = 0;
  let position = startKey;
  do {
    const out: QueryCommandOutput = await documentClient.send(
      new QueryCommand({
        ...pattern,
        TableName,
        ExclusiveStartKey: position,
        Select: 'COUNT',
        Limit: Math.min(count - counted, 10_000),
      }),
    );
    counted += out.Count ?? 0;
    position = out.LastEvaluatedKey;
  } while (position && counted < count);
  return position && counted === count ? position : 'end';
}

/** A window over several shards of one list, merged in the order of their sort key. */
export interface MergedWindow {
  skip: number;
  limit: number;
  /** Start after this sort-key value (a cursor's position). */
  after?: string;
  filter?: Window['filter'];
  /** Items to pass over as if they were not there (they are not counted by `skip` or `limit`). */
  keep?: (item: Item) => boolean;
}

interface ShardStream {
  pattern: EventShardPattern;
  buffer: Item[];
  startKey: Record<string, unknown> | undefined;
  done: boolean;
}

/**
 * Reads items `skip` to `skip + limit` of a list split into shards, in sort-key order: a k-way merge that
 * reads each shard only as deep as the merge needs. Every shard is read once at first (about its share of
 * the window), then a shard whose buffered items run out is read again before anything later is taken,
 * since its next item could come first. A one-shard list costs what a plain window does.
 */
export async function readMergedWindow(shards: EventShardPattern[], window: MergedWindow): Promise<Item[]> {
  const wanted = window.skip + window.limit;
  const streams: ShardStream[] = shards.map((pattern) => ({ pattern, buffer: [], startKey: undefined, done: false }));
  async function read(stream: ShardStream, count: number) {
    const { orderedBy, ...pattern } = stream.pattern;
    const after = window.after === undefined ? {} : { sk: window.after };
    const out: QueryCommandOutput = await documentClient.send(
      new QueryCommand({
        ...pattern,
        TableName,
        KeyConditionExpression: `${pattern.KeyConditionExpression}${window.after === undefined ? '' : ' AND #sk > :after'}`,
        ExpressionAttributeNames: { ...pattern.ExpressionAttributeNames, ...(after.sk && { '#sk': orderedBy }) },
        ExpressionAttributeValues: { ...pattern.ExpressionAttributeValues, ...(after.sk && { ':after': after.sk }) },
        ExclusiveStartKey: stream.startKey,
        Limit: Math.min(1000, Math.max(count, window.filter ? 100 : 1)),
        ...(window.filter && withFilter(pattern, window.filter)),
      }),
    );
    stream.buffer.push(...(out.Items ?? []));
    stream.startKey = out.LastEvaluatedKey;
    stream.done = out.LastEvaluatedKey === undefined;
  }

  await Promise.all(streams.map((stream) => read(stream, Math.ceil((wanted * 1.25) / streams.length) + 1)));
  const items: Item[] = [];
  let counted = 0;
  let lastPosition: string | undefined;
  while (counted < wanted) {
    const starved = streams.filter((stream) => stream.buffer.length === 0 && !stream.done);
    if (starved.length > 0) {
      await Promise.all(starved.map((stream) => read(stream, Math.max(10, wanted - counted))));
      continue;
    }
    let next: ShardStream | undefined;
    for (const stream of streams) {
      const head = stream.buffer[0];
      if (!head) continue;
      const order = stream.pattern.orderedBy;
      if (!next || String(head[order]) < String((next.buffer[0] as Item)[next.pattern.orderedBy])) next = stream;
    }
    if (!next) break;
    const item = next.buffer.shift() as Item;
    // One item in two shards (event-shards.ts: a redelivery across a widening) comes up twice in a row: once.
    const position = String(item[next.pattern.orderedBy]);
    if (position === lastPosition) continue;
    lastPosition = position;
    if (window.keep && !window.keep(item)) continue;
    counted += 1;
    if (counted > window.skip) items.push(item);
  }
  return items;
}

/** Every item of an access pattern, page after page. */
export async function* readAll(pattern: AccessPattern): AsyncGenerator<Item[]> {
  let startKey: QueryCommandOutput['LastEvaluatedKey'];
  do {
    const out: QueryCommandOutput = await documentClient.send(
      new QueryCommand({ ...pattern, TableName, ExclusiveStartKey: startKey }),
    );
    if (out.Items && out.Items.length > 0) yield out.Items;
    startKey = out.LastEvaluatedKey;
  } while (startKey);
}

export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

export type TransactOutcome = { ok: true } | { ok: false; failed: number[] };

const CONFLICT_RETRIES = 4;
export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Cancellation reasons that a later try may not meet: another transaction in flight, a partition over its limit. */
const passingReasons = new Set(['TransactionConflict', 'ThrottlingError', 'ProvisionedThroughputExceeded']);

/**
 * Runs a transaction. A cancelled one reports the indexes of the items whose condition failed, for the
 * caller to turn into a domain error. A cancellation caused only by a conflicting transaction in flight or a
 * throttled partition is retried with jitter (each try is a new request, so a new idempotency token); past
 * the retries it is an overload (503), never an unhandled error.
 */
export async function transact(items: TransactItem[]): Promise<TransactOutcome> {
  for (let attempt = 1; ; attempt++) {
    try {
      await documentClient.send(new TransactWriteCommand({ TransactItems: items }));
      return { ok: true };
    } catch (error) {
      if (!(error instanceof TransactionCanceledException)) throw error;
      const reasons = error.CancellationReasons ?? [];
      const failed = reasons.flatMap((reason, index) => (reason.Code === 'ConditionalCheckFailed' ? [index] : []));
      if (failed.length > 0) return { ok: false, failed };
      const passing = reasons.some((reason) => passingReasons.has(reason.Code ?? ''));
      if (!passing) throw error;
      if (attempt >= CONFLICT_RETRIES) throw overloaded('TransactWriteItems', error);
      await pause(10 * 2 ** attempt * Math.random());
    }
  }
}

/** Transaction item builders, so domain code reads as what it writes. */
export const put = (item: Item, condition?: string): TransactItem => ({
  Put: { TableName, Item: item, ...(condition && { ConditionExpression: condition }) },
});
export const remove = (
  key: Key,
  condition?: { expression: string; values?: Record<string, unknown> },
): TransactItem => ({
  Delete: {
    TableName,
    Key: key,
    ...(condition && { ConditionExpression: condition.expression, ExpressionAttributeValues: condition.values }),
  },
});
export const check = (
  key: Key,
  expression: string,
  values?: Record<string, unknown>,
  names?: Record<string, string>,
): TransactItem => ({
  ConditionCheck: {
    TableName,
    Key: key,
    ConditionExpression: expression,
    ExpressionAttributeValues: values,
    ExpressionAttributeNames: names,
  },
});

const BATCH_LIMIT = 25;
const BATCH_CONCURRENCY = 8;

/** How long batched writes keep retrying what DynamoDB throttles before giving up with an overload. */
const BATCH_PATIENCE_MS = 20_000;

/**
 * Deletes items by key, 25 per request and several requests at once, retrying what DynamoDB leaves
 * unprocessed or throttles, until `deadline` (epoch ms): then it is an overload.
 */
export async function deleteKeys(keysToDelete: Key[], deadline = Date.now() + BATCH_PATIENCE_MS): Promise<void> {
  const batches: Key[][] = [];
  for (let i = 0; i < keysToDelete.length; i += BATCH_LIMIT) batches.push(keysToDelete.slice(i, i + BATCH_LIMIT));
  await forEachConcurrently(batches, BATCH_CONCURRENCY, (batch) =>
    writeBatch(
      batch.map((key) => ({ DeleteRequest: { Key: { PK: key.PK, SK: key.SK } } })),
      deadline,
    ),
  );
}

type WriteRequest = { PutRequest: { Item: Item } } | { DeleteRequest: { Key: Key } };

/** A failure a later try may not meet: a timeout, a dropped connection, a 5xx. */
function isTransient(error: unknown): boolean {
  const failure = error as { $retryable?: unknown; $metadata?: { httpStatusCode?: number }; name?: string };
  return (
    failure.$retryable !== undefined ||
    (failure.$metadata?.httpStatusCode ?? 0) >= 500 ||
    ['TimeoutError', 'RequestTimeout', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT'].includes(String(failure.name))
  );
}

/**
 * Writes items with plain puts, 25 a request and several requests at once, once: answers the items DynamoDB
 * did not write (left unprocessed, or the whole request throttled), for the caller to place and try again.
 */
export async function writeItemsOnce(items: Item[]): Promise<Item[]> {
  const batches: Item[][] = [];
  for (let i = 0; i < items.length; i += BATCH_LIMIT) batches.push(items.slice(i, i + BATCH_LIMIT));
  const unwritten: Item[] = [];
  await forEachConcurrently(batches, BATCH_CONCURRENCY, async (batch) => {
    try {
      const out = await bulkWriteClient.send(
        new BatchWriteCommand({ RequestItems: { [TableName]: batch.map((item) => ({ PutRequest: { Item: item } })) } }),
      );
      const left = (out.UnprocessedItems?.[TableName] ?? []) as { PutRequest: { Item: Item } }[];
      unwritten.push(...left.map((request) => request.PutRequest.Item));
    } catch (error) {
      if (!(error instanceof OverloadedError) && !isTransient(error)) throw error;
      unwritten.push(...batch);
    }
  });
  return unwritten;
}

/** One BatchWriteItem of at most 25 requests, repeating what DynamoDB leaves unprocessed with backoff. */
async function writeBatch(requests: WriteRequest[], deadline: number): Promise<void> {
  let pending = requests;
  for (let attempt = 0; pending.length > 0; attempt++) {
    if (attempt > 0) {
      if (Date.now() >= deadline)
        throw overloaded('BatchWriteItem', new Error(`${pending.length} writes left at the deadline`));
      await pause(Math.min(1000, 20 * 2 ** attempt));
    }
    try {
      const out = await bulkWriteClient.send(new BatchWriteCommand({ RequestItems: { [TableName]: pending } }));
      pending = (out.UnprocessedItems?.[TableName] ?? []) as WriteRequest[];
    } catch (error) {
      // Throttled as a whole, or a passing failure: the same requests again, after the backoff.
      if (!(error instanceof OverloadedError) && !isTransient(error)) throw error;
    }
  }
}

/**
 * Writes items with plain puts, 25 per request and several requests at once (for loading, not for rules).
 * `onProgress` hears the number written after each request; it may throw to stop the load (an abort).
 */
export async function putItems(items: Item[], onProgress: (done: number) => void = () => undefined): Promise<void> {
  const batches: Item[][] = [];
  for (let i = 0; i < items.length; i += BATCH_LIMIT) batches.push(items.slice(i, i + BATCH_LIMIT));
  let done = 0;
  await forEachConcurrently(batches, BATCH_CONCURRENCY, async (batch) => {
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
