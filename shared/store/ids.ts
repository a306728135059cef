import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { type Key, keys, type RecordKind } from './keys.js';
import { documentClient, getItem, tableName, writeIf } from './table.js';

/**
 * Ids: one atomic counter per kind of record (users, URLs, events), blocks of them reserved at once, and the
 * markers that give a retried request or a redelivered message the id of its first attempt.
 */

/** Reserves `count` consecutive ids of a kind with one atomic increment; returns the first. */
export async function reserveIds(kind: RecordKind, count = 1): Promise<number> {
  const out = await documentClient.send(
    new UpdateCommand({
      TableName: tableName(),
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
  // A counter already at or above the floor is left as it is.
  await writeIf(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.counter(kind),
      UpdateExpression: 'SET #value = :floor',
      ConditionExpression: 'attribute_not_exists(#value) OR #value < :floor',
      ExpressionAttributeNames: { '#value': 'value' },
      ExpressionAttributeValues: { ':floor': floor },
    }),
  );
}

/**
 * An id kept under a marker item: taken from `assign` the first time (the marker written only if none
 * exists), read back from the marker every later time, with `earlier` saying so. A queue message delivered
 * again, or a request sent again with its Idempotency-Key, is thus given the id of its first attempt.
 */
export async function idUnderMarker(
  marker: Key,
  assign: () => Promise<number>,
  keptSeconds: number,
): Promise<{ id: number; earlier: boolean }> {
  const id = await assign();
  const marked = await writeIf(
    new PutCommand({
      TableName: tableName(),
      Item: { ...marker, event_id: id, expires_at: Math.floor(Date.now() / 1000) + keptSeconds },
      ConditionExpression: 'attribute_not_exists(PK)',
    }),
  );
  if (marked) return { id, earlier: false };
  // Taken before (or this very write was retried after a lost answer): the id taken then.
  const kept = Number((await getItem(marker))?.event_id);
  return { id: kept, earlier: kept !== id };
}

/** How long a request's id is kept for its retries: longer than its Idempotency-Key is (24 hours). */
const REQUEST_ID_KEPT_SECONDS = 25 * 3600;

/**
 * The id of the record a request with an Idempotency-Key (`identity`, shared/http/idempotency.ts) creates:
 * the same for every retry of it, `earlier` when an attempt before took it.
 */
export const idOfRequest = (identity: string, assign: () => Promise<number>) =>
  idUnderMarker(keys.requestIdentity(identity), assign, REQUEST_ID_KEPT_SECONDS);
