import { timestamp } from '../platform/clock.js';
import { NotFoundError } from '../platform/errors.js';
import type { Holder } from './access-keys.js';
import { deleteKeys } from './bulk-writes.js';
import { accessPatterns, keys } from './keys.js';
import { readAll } from './list-pages.js';
import { getItem, type Item, itemKey, remove, transact, update } from './table.js';

const KEY_NOT_FOUND = 'Key not found';
/** The keys among `listed` that `keyId` made, directly or through the keys it made, and itself. */
function withOffspring(keyId: number, listed: Item[]): Item[] {
  const gone = new Set([keyId]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const item of listed) {
      if (item.created_by !== undefined && gone.has(Number(item.created_by)) && !gone.has(Number(item.key_id))) {
        gone.add(Number(item.key_id));
        grew = true;
      }
    }
  }
  return listed.filter((item) => gone.has(Number(item.key_id)));
}

/** Removes these listed keys of one holder (their three items each), and counts them off a user's keys. */
async function removeKeys(listed: Item[], holder: Holder): Promise<void> {
  // 3 items a key and the count: 30 keys a transaction, well within its 100 items.
  for (let start = 0; start < listed.length; start += 30) {
    const chunk = listed.slice(start, start + 30);
    await transact([
      ...chunk.flatMap((item) => [
        remove(itemKey(item)),
        remove(keys.accessKey(String(item.hash))),
        remove(keys.keyById(Number(item.key_id))),
      ]),
      ...(holder.kind === 'user'
        ? [
            update(keys.user(holder.userId), 'ADD key_count :minus', 'attribute_exists(PK)', {
              ':minus': -chunk.length,
            }),
          ]
        : []),
    ]);
  }
}

/**
 * Revokes a key and every key it made, transitively (a user's keys only make that user's keys, so they are
 * all in its partition). `userId`, when named, must be the key's user: another's is not found.
 */
export async function revokeKey(keyId: number, userId?: number): Promise<void> {
  const located = await getItem(keys.keyById(keyId));
  const owner = located?.user_id === undefined ? undefined : Number(located.user_id);
  if (!located || (userId !== undefined && owner !== userId)) throw new NotFoundError(KEY_NOT_FOUND);
  if (owner === undefined) {
    const listed = await getItem(keys.operatorKey(keyId));
    if (listed) await removeKeys([listed], { kind: 'operator' });
    return;
  }
  const listed: Item[] = [];
  for await (const items of readAll(accessPatterns.keysOfUser(owner))) listed.push(...items);
  const gone = withOffspring(keyId, listed);
  if (gone.length === 0) throw new NotFoundError(KEY_NOT_FOUND);
  await removeKeys(gone, { kind: 'user', userId: owner });
}

/** Forgets a user's expired keys (they no longer work); answers how many. */
export async function forgetExpiredKeys(userId: number): Promise<number> {
  const now = timestamp();
  const expired: Item[] = [];
  for await (const items of readAll(accessPatterns.keysOfUser(userId))) {
    expired.push(...items.filter((item) => item.expires_at_text !== undefined && String(item.expires_at_text) <= now));
  }
  await removeKeys(expired, { kind: 'user', userId });
  return expired.length;
}

/** Deletes every key of a user (its deletion's cascade): the lookup and id items first, then the listing. */
export async function deleteKeysOfUser(userId: number): Promise<void> {
  for await (const items of readAll(accessPatterns.keysOfUser(userId))) {
    await deleteKeys(items.flatMap((item) => [keys.accessKey(String(item.hash)), keys.keyById(Number(item.key_id))]));
    await deleteKeys(items.map(itemKey));
  }
}
