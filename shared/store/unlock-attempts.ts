import { createHash } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from './keys.js';
import { getItem, tableName, writeIf } from './table.js';

/**
 * How many passwords one client may try on one protected link (docs/decisions.md, "Links for campaigns"): 10
 * wrong ones within a window of 10 minutes from the first, then every attempt is refused until the window
 * ends, the right password too. Exact, in AWS as locally: each attempt is counted as wrong before its password
 * is checked, by a conditional write that fails once 10 are counted, and given back when it was right, so
 * however many attempts run at once, no more than 10 are ever checked in a window.
 */

export const MAX_WRONG_PASSWORDS = 10;
const WINDOW_MS = 10 * 60_000;

/** The attributes the attempts item holds (lib/service-function.ts grants the unlock these and no others). */
export const unlockAttemptAttributes = ['PK', 'SK', 'attempts', 'window_ends', 'expires_at'] as const;

/** A client as its attempts item names it: no address is stored, only a hash of it with the link's code. */
const clientOf = (code: string, address: string) =>
  createHash('sha256').update(`${code}\n${address}`).digest('base64url').slice(0, 22);

/** An attempt that may go on, and how to give it back when its password was right. */
export interface UnlockAttempt {
  giveBack(): Promise<void>;
}

/**
 * Counts an attempt at the password of `code` from `address`: an attempt when fewer than 10 wrong ones are
 * counted in the window (a window that has ended starts again), or the seconds to wait until it ends.
 */
export async function countUnlockAttempt(
  code: string,
  address: string,
  now = Date.now(),
): Promise<UnlockAttempt | { retryAfterSeconds: number }> {
  const key = keys.unlockAttempts(code, clientOf(code, address));
  const started = await writeIf(
    new UpdateCommand({
      TableName: tableName(),
      Key: key,
      UpdateExpression: 'SET attempts = :one, window_ends = :ends, expires_at = :expires',
      ConditionExpression: 'attribute_not_exists(PK) OR window_ends <= :now',
      ExpressionAttributeValues: {
        ':one': 1,
        ':now': now,
        ':ends': now + WINDOW_MS,
        // DynamoDB's TTL removes it some time after the window: the condition above never relies on that.
        ':expires': Math.ceil((now + WINDOW_MS) / 1000),
      },
    }),
  );
  const counted =
    started ??
    (await writeIf(
      new UpdateCommand({
        TableName: tableName(),
        Key: key,
        UpdateExpression: 'ADD attempts :one',
        ConditionExpression: 'window_ends > :now AND attempts < :max',
        ExpressionAttributeValues: { ':one': 1, ':now': now, ':max': MAX_WRONG_PASSWORDS },
      }),
    ));
  if (counted) {
    return {
      giveBack: async () => {
        await writeIf(
          new UpdateCommand({
            TableName: tableName(),
            Key: key,
            UpdateExpression: 'ADD attempts :minus',
            ConditionExpression: 'attempts > :zero',
            ExpressionAttributeValues: { ':minus': -1, ':zero': 0 },
          }),
        );
      },
    };
  }
  const item = await getItem(key);
  const ends = Number(item?.window_ends ?? now + 1000);
  return { retryAfterSeconds: Math.max(1, Math.ceil((ends - now) / 1000)) };
}
