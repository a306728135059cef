import { DynamoDBClient, GetItemCommand, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import {
  BatchGetCommand,
  type DeleteCommand,
  type DeleteCommandOutput,
  DynamoDBDocumentClient,
  type PutCommand,
  type PutCommandOutput,
  TransactWriteCommand,
  type TransactWriteCommandInput,
  type UpdateCommand,
  type UpdateCommandOutput,
} from '@aws-sdk/lib-dynamodb';
import { marshall, unmarshall } from '@aws-sdk/util-dynamodb';
import { serviceConfig } from '../platform/config.js';
import { OverloadedError } from '../platform/errors.js';
import { metricNames } from '../platform/metric-names.js';
import { increment, recordCount } from '../platform/metrics.js';
import type { Key } from './keys.js';
import { type RetryLimits, retryWithBackoff } from './retry.js';

/**
 * The table's client and its item-level operations: reads by key, the one place transactions are sent
 * (reporting which condition failed) and the one place conditional writes are. Ids are in ids.ts, lists are
 * read in list-pages.ts, bulk writes made in bulk-writes.ts, and the scale machinery (README.md, "The scale
 * machinery") in its own modules beside this one.
 */

export type Item = Record<string, unknown>;

/** The table every record lives in (TABLE_NAME). */
export const tableName = (): string => serviceConfig().tableName;

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

/**
 * A client built with the SDK's documented options only, plus one middleware added through the
 * documented `middlewareStack.add`: it counts each call (`dynamodb_calls_total`, GET /metrics/json) and,
 * outermost, after the SDK's retries, turns what is still throttled into the domain's overload.
 */
function createClient(options: { maxAttempts?: number; cacheMiddleware?: boolean } = {}) {
  const client = new DynamoDBClient(options);
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const operation = String(context.commandName).replace(/Command$/, '');
      increment(metricNames.dynamoDbCalls, { operation });
      try {
        return await next(args);
      } catch (error) {
        if (overloadErrors.has((error as Error).name)) throw overloaded(operation, error);
        throw error;
      }
    },
    { step: 'initialize', name: 'countDynamoDbCallsAndOverloads' },
  );
  return client;
}

const documentsOf = (client: DynamoDBClient) =>
  DynamoDBDocumentClient.from(client, { marshallOptions: { removeUndefinedValues: true } });

/** The plain client, for libraries that take one (Powertools' idempotency records). */
export const dynamoDbClient = createClient();
export const documentClient = documentsOf(dynamoDbClient);

/**
 * Reads of one item by key, the hot path's one call (the redirect's): a plain client with the SDK's
 * documented `cacheMiddleware` option, which resolves each command class's middleware once rather than on
 * every call. The document client cannot take that option (a cached handler would keep the first command's
 * input), so these reads are marshalled here with the SDK's own util-dynamodb.
 */
const keyReader = createClient({ cacheMiddleware: true });

/**
 * For bulk writes only (bulk-writes.ts): one attempt per request. Their callers retry what was not written
 * themselves, with the store's backoff, and the event writer places events anew when their lists were
 * widened meanwhile.
 */
export const bulkWriteClient = documentsOf(createClient({ maxAttempts: 1 }));

/** Whether a single-item write failed its condition. */
const conditionFailed = (error: unknown): boolean => (error as Error).name === 'ConditionalCheckFailedException';

/**
 * The one way a conditional write is sent: its output, or `undefined` when its condition did not hold. A
 * failed condition is an answer, not an error: the caller says what it means (taken, gone, changed).
 */
export async function writeIf(command: PutCommand): Promise<PutCommandOutput | undefined>;
export async function writeIf(command: UpdateCommand): Promise<UpdateCommandOutput | undefined>;
export async function writeIf(command: DeleteCommand): Promise<DeleteCommandOutput | undefined>;
export async function writeIf(command: PutCommand | UpdateCommand | DeleteCommand) {
  try {
    return await documentClient.send(command as PutCommand);
  } catch (error) {
    if (conditionFailed(error)) return undefined;
    throw error;
  }
}

/** A read of one item, strongly consistent unless `consistent` is false. */
export async function getItem(key: Key, { consistent = true } = {}): Promise<Item | undefined> {
  const out = await keyReader.send(
    new GetItemCommand({ TableName: tableName(), Key: marshall(key), ConsistentRead: consistent }),
  );
  return out.Item && unmarshall(out.Item);
}

const BATCH_GET_LIMIT = 100;

/**
 * Reads of many items (100 a request), by key, strongly consistent unless `consistent` is false; what
 * DynamoDB leaves unread is asked again.
 */
export async function getItems(wanted: Key[], { consistent = true } = {}): Promise<Map<string, Item>> {
  const found = new Map<string, Item>();
  const unique = [...new Map(wanted.map((key) => [keyOf(key), key])).values()];
  for (let i = 0; i < unique.length; i += BATCH_GET_LIMIT) {
    let pending: Key[] = unique.slice(i, i + BATCH_GET_LIMIT);
    await retryWithBackoff(
      async () => {
        const out = await documentClient.send(
          new BatchGetCommand({ RequestItems: { [tableName()]: { Keys: pending, ConsistentRead: consistent } } }),
        );
        for (const item of out.Responses?.[tableName()] ?? []) found.set(keyOf(itemKey(item)), item);
        pending = (out.UnprocessedKeys?.[tableName()]?.Keys ?? []) as Key[];
        return pending.length === 0 ? true : undefined;
      },
      { attempts: 10 },
      () => {
        throw overloaded('BatchGetItem', new Error(`${pending.length} keys left unread`));
      },
    );
  }
  return found;
}

export const keyOf = (key: Key) => `${key.PK}|${key.SK}`;

/** The key of an item read from the table. */
export const itemKey = (item: Item): Key => ({ PK: String(item.PK), SK: String(item.SK) });

export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

type TransactOutcome = { ok: true } | { ok: false; failed: number[] };

/** Cancellation reasons that a later try may not meet: another transaction in flight, a partition over its limit. */
const passingReasons = new Set(['TransactionConflict', 'ThrottlingError', 'ProvisionedThroughputExceeded']);

/**
 * Sends one transaction, the only place one is sent: `transact` below for the service, and the local runtime's
 * warm-up of DynamoDB Local on its scratch table, with a client of its own so that its calls are not counted.
 */
export async function sendTransaction(client: DynamoDBDocumentClient, items: TransactItem[]): Promise<void> {
  await client.send(new TransactWriteCommand({ TransactItems: items }));
}

/**
 * Runs a transaction. A cancelled one reports the indexes of the items whose condition failed, for the
 * caller to turn into a domain error. A cancellation caused only by a conflicting transaction in flight or a
 * throttled partition is retried with backoff (each try is a new request, so a new idempotency token), four
 * times or within a caller's own `limits` (an optimistic write's, whose other writers' transactions are the
 * conflicts); past them it is an overload (503), never an unhandled error.
 */
export function transact(items: TransactItem[], limits: RetryLimits = { attempts: 4 }): Promise<TransactOutcome> {
  let last: unknown;
  return retryWithBackoff<TransactOutcome>(
    async () => {
      try {
        await sendTransaction(documentClient, items);
        return { ok: true };
      } catch (error) {
        if (!(error instanceof TransactionCanceledException)) throw error;
        const reasons = error.CancellationReasons ?? [];
        const failed = reasons.flatMap((reason, index) => (reason.Code === 'ConditionalCheckFailed' ? [index] : []));
        if (failed.length > 0) return { ok: false, failed };
        if (!reasons.some((reason) => passingReasons.has(reason.Code ?? ''))) throw error;
        last = error;
        return undefined;
      }
    },
    limits,
    () => {
      throw overloaded('TransactWriteItems', last);
    },
  );
}

/** Transaction item builders, so domain code reads as what it writes. */
export const put = (item: Item, condition?: string, values?: Record<string, unknown>): TransactItem => ({
  Put: {
    TableName: tableName(),
    Item: item,
    ...(condition && { ConditionExpression: condition }),
    ...(values && { ExpressionAttributeValues: values }),
  },
});
export const remove = (
  key: Key,
  condition?: { expression: string; values?: Record<string, unknown> },
): TransactItem => ({
  Delete: {
    TableName: tableName(),
    Key: key,
    ...(condition && { ConditionExpression: condition.expression, ExpressionAttributeValues: condition.values }),
  },
});
export const update = (
  key: Key,
  expression: string,
  condition?: string,
  values?: Record<string, unknown>,
  names?: Record<string, string>,
): TransactItem => ({
  Update: {
    TableName: tableName(),
    Key: key,
    UpdateExpression: expression,
    ...(condition && { ConditionExpression: condition }),
    ...(values && { ExpressionAttributeValues: values }),
    ...(names && { ExpressionAttributeNames: names }),
  },
});

export const check = (
  key: Key,
  expression: string,
  values?: Record<string, unknown>,
  names?: Record<string, string>,
): TransactItem => ({
  ConditionCheck: {
    TableName: tableName(),
    Key: key,
    ConditionExpression: expression,
    ExpressionAttributeValues: values,
    ExpressionAttributeNames: names,
  },
});
