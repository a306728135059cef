import { DynamoDBClient, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import {
  BatchWriteCommand,
  DynamoDBDocumentClient,
  GetCommand,
  QueryCommand,
  type QueryCommandOutput,
  TransactWriteCommand,
  type TransactWriteCommandInput,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { config } from '../config.js';
import { metricNames } from '../metric-names.js';
import { increment } from '../metrics.js';
import { decodeCursor, encodeCursor } from './cursor.js';
import { type AccessPattern, type Key, keys, type RecordKind } from './keys.js';

/**
 * The table's generic operations: reads, windows over an access pattern, transactions that report which
 * condition failed, and batched deletes. Domain modules (users.ts, urls.ts, events.ts) build on these.
 */

// One Lambda instance serves one request at a time, but the local runtime serves them all from one process:
// the SDK's default of 50 sockets then queues requests behind each other under load.
const client = new DynamoDBClient({ requestHandler: { httpAgent: { keepAlive: true, maxSockets: 512 } } });
client.middlewareStack.add(
  (next, context) => (args) => {
    increment(metricNames.dynamoDbCalls, { operation: String(context.commandName).replace(/Command$/, '') });
    return next(args);
  },
  { step: 'initialize', name: 'countDynamoDbCalls' },
);

export const documentClient = DynamoDBDocumentClient.from(client, {
  marshallOptions: { removeUndefinedValues: true },
});

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

/** A strongly consistent read of one item. */
export async function getItem(key: Key): Promise<Item | undefined> {
  const out = await documentClient.send(new GetCommand({ TableName, Key: key, ConsistentRead: true }));
  return out.Item;
}

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
 * Reads items `skip` to `skip + limit` of an access pattern, in key order, after `cursor` if given.
 * DynamoDB cannot jump to an offset, so this reads every item up to `skip + limit` (plus, with a filter,
 * those filtered out); a cursor makes each further page cost only its own items.
 */
export async function readWindow(pattern: AccessPattern, { skip, limit, filter, cursor }: Window): Promise<ListPage> {
  const wanted = skip + limit;
  const items: Item[] = [];
  let startKey: QueryCommandOutput['LastEvaluatedKey'] = cursor ? decodeCursor(pattern, cursor) : undefined;
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
  const page = items.slice(skip, wanted);
  const last = page.at(-1);
  return { items: page, next: page.length === limit && last ? encodeCursor(pattern, last) : undefined };
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
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs a transaction. A cancelled one reports the indexes of the items whose condition failed, for the
 * caller to turn into a domain error. A cancellation caused only by a conflicting transaction in flight
 * is retried with jitter (each try is a new request, so a new idempotency token).
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
      const conflicted = reasons.some((reason) => reason.Code === 'TransactionConflict');
      if (!conflicted || attempt >= CONFLICT_RETRIES) throw error;
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

/** Deletes items by key, 25 per request and several requests at once, retrying what DynamoDB leaves unprocessed. */
export async function deleteKeys(keysToDelete: Key[]): Promise<void> {
  const batches: Key[][] = [];
  for (let i = 0; i < keysToDelete.length; i += BATCH_LIMIT) batches.push(keysToDelete.slice(i, i + BATCH_LIMIT));
  await forEachConcurrently(batches, BATCH_CONCURRENCY, (batch) =>
    writeBatch(batch.map((key) => ({ DeleteRequest: { Key: { PK: key.PK, SK: key.SK } } }))),
  );
}

type WriteRequest = { PutRequest: { Item: Item } } | { DeleteRequest: { Key: Key } };

/** One BatchWriteItem of at most 25 requests, repeating what DynamoDB leaves unprocessed with backoff. */
async function writeBatch(requests: WriteRequest[]): Promise<void> {
  let pending = requests;
  for (let attempt = 0; pending.length > 0; attempt++) {
    if (attempt > 0) await pause(Math.min(1000, 20 * 2 ** attempt));
    const out = await documentClient.send(new BatchWriteCommand({ RequestItems: { [TableName]: pending } }));
    pending = (out.UnprocessedItems?.[TableName] ?? []) as WriteRequest[];
  }
}

/** Writes items with plain puts, 25 per request and several requests at once (for loading, not for rules). */
export async function putItems(items: Item[], onProgress: (done: number) => void = () => undefined): Promise<void> {
  const batches: Item[][] = [];
  for (let i = 0; i < items.length; i += BATCH_LIMIT) batches.push(items.slice(i, i + BATCH_LIMIT));
  let done = 0;
  await forEachConcurrently(batches, BATCH_CONCURRENCY, async (batch) => {
    await writeBatch(batch.map((item) => ({ PutRequest: { Item: item } })));
    done += batch.length;
    onProgress(done);
  });
}

/** Runs `work` over `items` with at most `concurrency` in flight; the first failure rejects. */
export async function forEachConcurrently<T>(
  items: T[],
  concurrency: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const workers = Array.from({ length: Math.min(concurrency, items.length) }, async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await work(item);
    }
  });
  await Promise.all(workers);
}
