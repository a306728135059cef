import { hotKeyCache } from './hot-key-cache.js';
import { accessPatterns, type DeletedKind, keys } from './keys.js';
import { type Item, putItems, readAll } from './operations.js';

/**
 * Deletions that event lists still hide. Once a DELETE has answered, no event of that URL or user may be
 * listed again, yet for a while some can still be seen: a writer that checked the URL just before the delete
 * may land an event after the sweep (it removes it itself a moment later), and an index shows a deleted item
 * until it catches up. Each delete is remembered for REMEMBER_MS, longer than any of that takes (a writer
 * invocation, a redelivery after the visibility timeout, the delayed sweep), and every event list leaves out
 * the events it covers.
 */
export const REMEMBER_MS = 20 * 60_000;

export interface RecentDeletions {
  urls: ReadonlySet<number>;
  users: ReadonlySet<number>;
}

export async function rememberDeletion(kind: DeletedKind, id: number): Promise<void> {
  const forgetAt = Date.now() + REMEMBER_MS;
  await putItems([{ ...keys.deletion(forgetAt, kind, id), kind, id, expires_at: Math.ceil(forgetAt / 1000) }]);
}

const deletionsCache = hotKeyCache<RecentDeletions>();

/** The deletions still remembered, read consistently (from memory for at most a second when read often). */
export function recentDeletions(): Promise<RecentDeletions> {
  return deletionsCache.read('deletions', async () => {
    const urls = new Set<number>();
    const users = new Set<number>();
    for await (const items of readAll(accessPatterns.recentDeletions(Date.now()))) {
      for (const item of items) (item.kind === 'url' ? urls : users).add(Number(item.id));
    }
    return { urls, users };
  });
}

/** Whether an event belongs to a deleted URL or user (its own user, or the owner of its URL). */
export const isOfDeleted = (event: Item, deletions: RecentDeletions): boolean =>
  deletions.urls.has(Number(event.url_id)) ||
  deletions.users.has(Number(event.user_id)) ||
  deletions.users.has(Number(event.owner_id));
