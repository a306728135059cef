import { createHash } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { logger } from '../platform/logger.js';
import { keys } from './keys.js';
import { getItem, tableName, writeIf } from './table.js';

/**
 * How many passwords one client may try on one protected link (docs/decisions.md, "Links for campaigns"): 10
 * wrong ones within a window of 10 minutes from the first, then every attempt is refused until the window
 * ends, the right password too. Exact, in AWS as locally: each attempt is counted (`attempts`) before its
 * password is checked, by a conditional write that fails once 10 are counted, and given back when it was
 * right, so however many attempts run at once, no more than 10 are ever checked in a window. A wrong one is
 * also counted as such (`wrong`): an attempt that finds 10 counted but fewer than 10 of them wrong waits for
 * the ones being checked, so that right passwords sent at once are not refused for each other. Each settled
 * attempt, right or wrong, adds to `settled`, by which a waiting attempt knows the others are moving.
 */

export const MAX_WRONG_PASSWORDS = 10;
const WINDOW_MS = 10 * 60_000;
/**
 * How long an attempt waits while none of the attempts being checked settles (a check is about 40 ms of
 * scrypt; one whose function died never settles) before it is refused after all, and how long it waits in
 * all, within the function's 10 s. A crowd of right passwords at once moves on as each settles, however many
 * wait behind it; the pause between tries doubles from the first to the last.
 */
const SETTLE_STALL_MS = 3000;
const SETTLE_WAIT_MS = 7000;
const SETTLE_PAUSE_FIRST_MS = 20;
const SETTLE_PAUSE_MAX_MS = 250;

/** The attributes the attempts item holds (lib/service-function.ts grants the unlock these and no others). */
export const unlockAttemptAttributes = [
  'PK',
  'SK',
  'attempts',
  'wrong',
  'settled',
  'window_ends',
  'expires_at',
] as const;

/** A client as its attempts item names it: no address is stored, only a hash of it with the link's code. */
const clientOf = (code: string, address: string) =>
  createHash('sha256').update(`${code}\n${address}`).digest('base64url').slice(0, 22);

/** An attempt that may go on: given back when its password was right, counted as wrong when it was not. */
export interface UnlockAttempt {
  giveBack(): Promise<void>;
  countAsWrong(): Promise<void>;
}

type UnlockKey = ReturnType<typeof keys.unlockAttempts>;

/**
 * Counts one more attempt in the window open at `now`, or starts a window: false when 10 are counted. An
 * attempt that already found the window open (`windowOpen`) skips the write that would start one.
 */
async function reserveAttempt(key: UnlockKey, now: number, windowOpen: boolean): Promise<boolean> {
  const started =
    !windowOpen &&
    (await writeIf(
      new UpdateCommand({
        TableName: tableName(),
        Key: key,
        UpdateExpression: 'SET attempts = :one, wrong = :zero, window_ends = :ends, expires_at = :expires',
        ConditionExpression: 'attribute_not_exists(PK) OR window_ends <= :now',
        ExpressionAttributeValues: {
          ':one': 1,
          ':zero': 0,
          ':now': now,
          ':ends': now + WINDOW_MS,
          // DynamoDB's TTL removes it some time after the window: the condition above never relies on that.
          ':expires': Math.ceil((now + WINDOW_MS) / 1000),
        },
      }),
    ));
  if (started) return true;
  return (
    (await writeIf(
      new UpdateCommand({
        TableName: tableName(),
        Key: key,
        UpdateExpression: 'ADD attempts :one',
        ConditionExpression: 'window_ends > :now AND attempts < :max',
        ExpressionAttributeValues: { ':one': 1, ':now': now, ':max': MAX_WRONG_PASSWORDS },
      }),
    )) !== undefined
  );
}

/**
 * Settles a checked attempt. A write that fails (throttled past the SDK's retries) is logged, not answered:
 * the visitor's answer is the password's, and the attempt stays counted until the window ends (the attempts
 * after it wait SETTLE_STALL_MS for a settle that never comes, then are refused, so nothing more is checked
 * than the limit allows).
 */
async function settle(how: 'given back' | 'wrong', write: () => Promise<unknown>): Promise<void> {
  try {
    await write();
  } catch (error) {
    logger.warn('An unlock attempt could not be settled', { settled: how, error });
  }
}

const giveBack = (key: UnlockKey) =>
  settle('given back', () =>
    writeIf(
      new UpdateCommand({
        TableName: tableName(),
        Key: key,
        UpdateExpression: 'ADD attempts :minus, settled :one',
        ConditionExpression: 'attempts > :zero',
        ExpressionAttributeValues: { ':minus': -1, ':zero': 0, ':one': 1 },
      }),
    ),
  );

const countAsWrong = (key: UnlockKey) =>
  settle('wrong', async () => {
    const counted = await writeIf(
      new UpdateCommand({
        TableName: tableName(),
        Key: key,
        UpdateExpression: 'ADD wrong :one, settled :one',
        ConditionExpression: 'attribute_exists(wrong)',
        ExpressionAttributeValues: { ':one': 1 },
      }),
    );
    // A window opened before wrong ones were counted apart has no `wrong`: its attempts were all wrong ones
    // (right ones were given back), this one included.
    if (!counted) {
      await writeIf(
        new UpdateCommand({
          TableName: tableName(),
          Key: key,
          UpdateExpression: 'SET wrong = attempts ADD settled :one',
          ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(wrong)',
          ExpressionAttributeValues: { ':one': 1 },
        }),
      );
    }
  });

/**
 * Counts an attempt at the password of `code` from `address`: an attempt when fewer than 10 are counted in
 * the window (a window that has ended starts again), or the seconds to wait until it ends once 10 wrong ones
 * are. While 10 are counted and some of them are still being checked, it waits for those, as long as they
 * keep settling (SETTLE_STALL_MS, SETTLE_WAIT_MS).
 */
export async function countUnlockAttempt(
  code: string,
  address: string,
  now = Date.now(),
): Promise<UnlockAttempt | { retryAfterSeconds: number }> {
  const key = keys.unlockAttempts(code, clientOf(code, address));
  const began = Date.now();
  let windowOpen = false;
  let settledSeen: number | undefined;
  let movedAt = began;
  // While every place is taken, the item is only read: a crowd waiting makes half the calls it would.
  let placeMayBeFree = true;
  for (let pause = SETTLE_PAUSE_FIRST_MS; ; pause = Math.min(pause * 2, SETTLE_PAUSE_MAX_MS)) {
    const at = now + (Date.now() - began);
    if (placeMayBeFree && (await reserveAttempt(key, at, windowOpen))) {
      return { giveBack: () => giveBack(key), countAsWrong: () => countAsWrong(key) };
    }
    const item = await getItem(key);
    // The window ended meanwhile (or its item with it): the next try starts a new one.
    windowOpen = item !== undefined && Number(item.window_ends) > at;
    placeMayBeFree = !item || !windowOpen || Number(item.attempts) < MAX_WRONG_PASSWORDS;
    if (!item || !windowOpen) continue;
    const ends = Number(item.window_ends);
    // An item of a window opened before wrong ones were counted apart: its attempts are taken as wrong ones.
    const wrong = Number(item.wrong ?? item.attempts);
    const settled = Number(item.settled ?? 0);
    if (settled !== settledSeen) [settledSeen, movedAt] = [settled, Date.now()];
    // A place seen free is tried for after the shortest pause, not the longest.
    if (placeMayBeFree) pause = SETTLE_PAUSE_FIRST_MS;
    const resumesAt = Date.now() + pause;
    if (wrong >= MAX_WRONG_PASSWORDS) return { retryAfterSeconds: Math.max(1, Math.ceil((ends - at) / 1000)) };
    // Not refused for wrong passwords but for waiting too long: the places may be free again in a moment.
    if (resumesAt - movedAt > SETTLE_STALL_MS || resumesAt - began > SETTLE_WAIT_MS) return { retryAfterSeconds: 1 };
    await new Promise((resolve) => setTimeout(resolve, pause));
  }
}
