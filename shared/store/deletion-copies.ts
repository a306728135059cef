import { RefreshingValue } from '../platform/refreshing-value.js';
import { putItems } from './bulk-writes.js';
import { accessPatterns, type DeletedKind, keys } from './keys.js';
import { deletionCopies } from './levers.js';
import { readAll } from './list-pages.js';

/**
 * Deletions that event lists still hide. Once a DELETE has answered, no event of that URL or user may be
 * listed again, yet for a while some can still be seen: a writer that checked the URL just before the delete
 * may land an event after the sweep (it removes it itself a moment later), and an index shows a deleted item
 * until it catches up. Each delete is remembered for REMEMBER_MS, longer than any of that takes (a writer
 * invocation, a redelivery after the visibility timeout, the delayed sweep), and every event list leaves out
 * the events it covers.
 */
export const REMEMBER_MS = deletionCopies.rememberMs;

/**
 * Every event list reads the deletions, consistently, so they are kept in `copies` copies, each a partition
 * of its own, and each read takes one at random: the read capacity of eight partitions, for the price of
 * eight small writes per deletion (deletions are rare; list reads are not).
 */
const COPIES = deletionCopies.copies;

export interface RecentDeletions {
  urls: ReadonlySet<number>;
  users: ReadonlySet<number>;
}

export async function rememberDeletion(kind: DeletedKind, id: number): Promise<void> {
  const forgetAt = Date.now() + REMEMBER_MS;
  await putItems(
    Array.from({ length: COPIES }, (_, copy) => ({
      ...keys.deletion(copy, forgetAt, kind, id),
      kind,
      id,
      expires_at: Math.ceil(forgetAt / 1000),
    })),
  );
}

async function readDeletions(consistent: boolean): Promise<RecentDeletions> {
  const urls = new Set<number>();
  const users = new Set<number>();
  const copy = Math.floor(Math.random() * COPIES);
  for await (const items of readAll(accessPatterns.recentDeletions(copy, Date.now(), consistent))) {
    for (const item of items) (item.kind === 'url' ? urls : users).add(Number(item.id));
  }
  return { urls, users };
}

/**
 * The deletions still remembered, for an event list: one consistent read of one of their copies, for every
 * call (never from memory: once a DELETE has answered, no list may show its events again, hot or not).
 */
export const recentDeletions = (): Promise<RecentDeletions> => readDeletions(true);

/**
 * The deletions still remembered, for the event writer once it has written a batch: an eventually consistent
 * read, at half the price of a list's. What it finds, it removes at once. A deletion it misses, one written
 * within the moment an index or a read may lag, cost nothing but time: the lists hide those events meanwhile,
 * and the deletion's delayed sweep (15 minutes later, before the deletion is forgotten) removes them.
 */
export const deletionsAfterWriting = (): Promise<RecentDeletions> => readDeletions(false);

/**
 * The deletions as this instance knows them, at most `counterViewMs` old: what the click counter checks its
 * writes against. What it wrote for a deleted link or user is out of sight at once (their statistics answer
 * 404) and only garbage to remove, which the deletion's delayed sweep removes if this copy was too old to.
 */
const knownDeletions = new RefreshingValue(() => readDeletions(false), { maxAgeMs: deletionCopies.counterViewMs });
export const deletionsKnownHere = (): Promise<RecentDeletions> => knownDeletions.get();

/** Whether an event belongs to a deleted URL or user (its own user, or the owner of its URL). */
export const isOfDeleted = (
  event: { url_id?: unknown; user_id?: unknown; owner_id?: unknown },
  deletions: RecentDeletions,
): boolean =>
  deletions.urls.has(Number(event.url_id)) ||
  deletions.users.has(Number(event.user_id)) ||
  deletions.users.has(Number(event.owner_id));
