import { timestamp } from '../platform/clock.js';
import { NotFoundError } from '../platform/errors.js';
import type { Holder } from './access-keys.js';
import { deleteKeys } from './bulk-writes.js';
import { accessPatterns, keys } from './keys.js';
import { readAll } from './list-pages.js';
import { getItem, type Item, itemKey, remove, transact, update } from './table.js';

const KEY_NOT_FOUND = 'Key not found';
/** The keys among `listed` of `makers` and of every key they made, directly or through the keys they made. */
function withOffspring(makers: Iterable<number>, listed: Item[]): Item[] {
  const gone = new Set(makers);
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

/**
 * Removes these listed keys of one holder (their three items each), and counts them off a user's keys. A key
 * another revocation removed meanwhile (its listing item gone) is left to it, counted off once.
 */
async function removeKeys(listed: Item[], holder: Holder): Promise<void> {
  // 3 items a key and the count: 30 keys a transaction, well within its 100 items.
  for (let start = 0; start < listed.length; start += 30) {
    let chunk = listed.slice(start, start + 30);
    while (chunk.length > 0) {
      const outcome = await transact([
        ...chunk.flatMap((item) => [
          remove(itemKey(item), { expression: 'attribute_exists(PK)' }),
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
      if (outcome.ok) break;
      // The user is gone: its deletion removes its keys.
      if (outcome.failed.includes(chunk.length * 3)) return;
      const removedMeanwhile = new Set(outcome.failed.map((index) => index / 3));
      chunk = chunk.filter((_, index) => !removedMeanwhile.has(index));
    }
  }
}

const keysOfUser = async (userId: number): Promise<Item[]> => {
  const listed: Item[] = [];
  for await (const items of readAll(accessPatterns.keysOfUser(userId))) listed.push(...items);
  return listed;
};

/**
 * Revokes a key and every key it made, transitively (a user's keys only make that user's keys, so they are
 * all in its partition). `userId`, when named, must be the key's user: another's is not found.
 *
 * A key is made only while its maker exists (key-creation.ts), so once a round of keys is removed, one more
 * consistent reading finds every key they made before that, even one made while this revocation ran; the
 * rounds end when a reading finds none.
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
  const revoked = new Set([keyId]);
  // The key itself goes last: a revocation cut short (a timeout) leaves it, so a retry finds it and its offspring.
  const found = withOffspring(revoked, await keysOfUser(owner));
  let round = [
    ...found.filter((item) => Number(item.key_id) !== keyId),
    ...found.filter((item) => Number(item.key_id) === keyId),
  ];
  if (round.length === 0) throw new NotFoundError(KEY_NOT_FOUND);
  while (round.length > 0) {
    await removeKeys(round, { kind: 'user', userId: owner });
    for (const item of round) revoked.add(Number(item.key_id));
    round = withOffspring(revoked, await keysOfUser(owner));
  }
}

/** Forgets a user's expired keys (they no longer work); answers how many. */
export async function forgetExpiredKeys(userId: number): Promise<number> {
  const now = timestamp();
  const expired = (await keysOfUser(userId)).filter(
    (item) => item.expires_at_text !== undefined && String(item.expires_at_text) <= now,
  );
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
