/**
 * The one way the store waits and tries again: exponential backoff with full jitter (each wait a random
 * time up to `baseMs`·2^(attempt-1), at most `capMs`), as AWS's architecture guidance recommends for
 * contended writes. Every loop of the store that retries goes through `retryWithBackoff`, but the unlock's wait
 * for the attempts being checked (unlock-attempts.ts), which goes by their progress.
 */

import { OverloadedError } from '../platform/errors.js';

export interface RetryLimits {
  /** Tries at most, the first included. */
  attempts?: number;
  /** Epoch ms after which no try starts (a wait that would end past it is not made). */
  deadline?: number;
  /** @default 20 */
  baseMs?: number;
  /** @default 1000 */
  capMs?: number;
}

export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The wait before try `attempt + 1`. */
export const backoffMs = (attempt: number, { baseMs = 20, capMs = 1000 }: RetryLimits = {}): number =>
  Math.random() * Math.min(capMs, baseMs * 2 ** (attempt - 1));

/**
 * Runs `work` until it answers something other than `undefined` (which means "not yet: try again"), with
 * a backoff between tries. When the attempts or the deadline run out, answers what `giveUp` answers (or
 * throws what it throws), given the last try's `undefined`-answering attempt number.
 */
export async function retryWithBackoff<T>(
  work: (attempt: number) => Promise<T | undefined>,
  limits: RetryLimits,
  giveUp: (attempts: number) => T,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const outcome = await work(attempt);
    if (outcome !== undefined) return outcome;
    const wait = backoffMs(attempt, limits);
    const outOfTries = limits.attempts !== undefined && attempt >= limits.attempts;
    const outOfTime = limits.deadline !== undefined && Date.now() + wait >= limits.deadline;
    if (outOfTries || outOfTime) return giveUp(attempt);
    await pause(wait);
  }
}

/** How long an optimistic write keeps trying while concurrent writes to its item keep winning. */
const CONCURRENT_CHANGES_MS = 5000;

/**
 * Runs an optimistic write of an item read just before (its condition: the item is still as read) until it
 * lands, while concurrent writes keep landing between its read and its write (`attempt` answers undefined).
 * Each round one writer lands, so a writer runs out of time only in a crowd writing one item at once, never
 * because a few raced: bounded by time, not by a count of tries, which twenty parallel changes of one link
 * outran. `attempt` hands the same `limits` to its transaction, whose conflicts with the other writers'
 * transactions are retried within them. Out of time, nothing was written: come back in a moment (503).
 */
export function whileConcurrentChangesWin<T>(attempt: (limits: RetryLimits) => Promise<T | undefined>): Promise<T> {
  const limits = { deadline: Date.now() + CONCURRENT_CHANGES_MS, baseMs: 10, capMs: 200 };
  return retryWithBackoff(
    () => attempt(limits),
    limits,
    () => {
      throw new OverloadedError();
    },
  );
}
