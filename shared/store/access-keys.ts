import { createHash, randomBytes } from 'node:crypto';
import { timestamp } from '../clock.js';
import { LimitReachedError, NotFoundError } from '../errors.js';
import type { Page } from '../records.js';
import { deleteKeys } from './bulk-writes.js';
import { accessPatterns, keys } from './keys.js';
import { readAll, readWindow, type Window } from './list-windows.js';
import { hotReads } from './scale/hot-key-cache.js';
import { getItem, type Item, itemKey, put, remove, reserveIds, type TransactItem, transact, update } from './table.js';
import { ACTIVE, USER_NOT_FOUND } from './users.js';

/**
 * Access keys (docs/decisions.md, "Access keys and ownership", "Hardening"). A key is `usk_` (a user's) or `ask_` (an
 * operator's) and 43 characters of 32 random bytes; only the SHA-256 of it is stored, which is enough for a
 * secret of that entropy (a slow hash protects guessable passwords; nobody guesses 256 random bits). It is
 * shown once, when it is made. A request's key is looked up by its hash: one read, or none while the key is
 * hot (the one-second rule), so a revoked key stops working within a second.
 *
 * A key is three items: its lookup (`KEY#<hash>`), its listing (under its user, or the operators'), and its id
 * (`KEYID#<id>`, to find it from `DELETE /keys/{key_id}`). A user key made with a user key records it
 * (`created_by`): revoking a key revokes everything it made, so a leaked key's offspring do not outlive it.
 */

export const KEY_NOT_FOUND = 'Key not found';
export const TOO_MANY_KEYS = 'Too many keys';
/** Active keys a user may have at once: a leaked key cannot mint thousands. */
export const MAX_ACTIVE_KEYS = 100;

export type KeyKind = 'user' | 'operator';

/** A key as its user lists it. */
export interface AccessKeyRecord {
  id: number;
  name: string;
  /** The key's first 8 characters, to tell keys apart. */
  prefix: string;
  created_at: string;
  expires_at: string | null;
  /** The id of the user key that made it; null when an operator key or the command line did. */
  created_by: number | null;
}

/** An operator key as the operators list it. */
export type OperatorKeyRecord = Omit<AccessKeyRecord, 'prefix'>;

/** A key as it is made: the only time the key itself is shown. */
export interface NewAccessKey {
  id: number;
  name: string;
  key: string;
  created_at: string;
  expires_at: string | null;
  created_by: number | null;
}

/** Who a valid key is: `keyHash` names the key itself (what idempotency keys are scoped to), `keyId` its record. */
export type KeyHolder =
  | { kind: 'operator'; keyHash: string; keyId: number | undefined }
  | { kind: 'user'; userId: number; keyHash: string; keyId: number | undefined };

type Holder = { kind: 'operator' } | { kind: 'user'; userId: number };

export const PREFIX: Record<KeyKind, string> = { user: 'usk_', operator: 'ask_' };

/** What a key looks like: its kind's prefix and at least 28 more URL-safe characters (32 in all). */
export const keyPattern = /^(usk|ask)_[A-Za-z0-9_-]{28,}$/;

export const hashOfKey = (key: string): string => createHash('sha256').update(key).digest('hex');

export const newSecret = (kind: KeyKind) => `${PREFIX[kind]}${randomBytes(32).toString('base64url')}`;

const nullable = (value: unknown) => (value === undefined ? null : value);

const toRecord = (item: Item): AccessKeyRecord => ({
  id: Number(item.key_id),
  name: String(item.name),
  prefix: String(item.prefix),
  created_at: String(item.created_at),
  expires_at: nullable(item.expires_at_text) as string | null,
  created_by: nullable(item.created_by) as number | null,
});

const toOperatorRecord = (item: Item): OperatorKeyRecord => {
  const { prefix: _, ...record } = toRecord(item);
  return record;
};

/** A key to store: its secret's hash, whose it is, and what its records show. */
interface StoredKey {
  id: number;
  hash: string;
  prefix: string;
  name: string;
  created_at: string;
  expires_at: string | null;
  created_by: number | null;
  /** Where an operator key came from (`ADMIN_KEY`: the local runtime's, revoked when the variable changes). */
  source?: string;
}

/** The three items of a key, each written only if absent. */
function keyPuts(stored: StoredKey, holder: Holder): TransactItem[] {
  const expiry = stored.expires_at !== null && { expires_at_text: stored.expires_at };
  const listing = holder.kind === 'user' ? keys.userKey(holder.userId, stored.id) : keys.operatorKey(stored.id);
  return [
    put(
      {
        ...keys.accessKey(stored.hash),
        kind: holder.kind,
        ...(holder.kind === 'user' && { user_id: holder.userId }),
        key_id: stored.id,
        name: stored.name,
        ...expiry,
      },
      'attribute_not_exists(PK)',
    ),
    put(
      {
        ...listing,
        key_id: stored.id,
        name: stored.name,
        prefix: stored.prefix,
        created_at: stored.created_at,
        ...expiry,
        ...(stored.created_by !== null && { created_by: stored.created_by }),
        ...(stored.source && { source: stored.source }),
        hash: stored.hash,
      },
      'attribute_not_exists(PK)',
    ),
    put(
      { ...keys.keyById(stored.id), hash: stored.hash, ...(holder.kind === 'user' && { user_id: holder.userId }) },
      'attribute_not_exists(PK)',
    ),
  ];
}

const keyToStore = async (key: string, fields: Pick<StoredKey, 'name' | 'expires_at' | 'created_by'>) => ({
  id: await reserveIds('key'),
  hash: hashOfKey(key),
  prefix: key.slice(0, 8),
  created_at: timestamp(),
  ...fields,
});

/** The user's count of keys, one more, if the user is active and below the limit. */
const countOneMoreKey = (userId: number) =>
  update(
    keys.user(userId),
    'ADD key_count :one',
    '#state = :active AND (attribute_not_exists(key_count) OR key_count < :max)',
    { ':one': 1, ':active': ACTIVE, ':max': MAX_ACTIVE_KEYS },
    { '#state': 'state' },
  );

/**
 * Makes a key for a user (who must exist, not be being deleted, and have fewer than MAX_ACTIVE_KEYS);
 * `createdBy` is the user key that asks, or null. Answers it with the key, once. At the limit, the user's
 * expired keys are forgotten first: they count until then.
 */
export async function createUserKey(
  userId: number,
  fields: { name: string; expires_at?: string | null },
  createdBy: number | null,
): Promise<NewAccessKey> {
  const key = newSecret('user');
  for (let attempt = 0; ; attempt++) {
    const stored = await keyToStore(key, {
      name: fields.name,
      expires_at: fields.expires_at ?? null,
      created_by: createdBy,
    });
    const outcome = await transact([countOneMoreKey(userId), ...keyPuts(stored, { kind: 'user', userId })]);
    if (outcome.ok) {
      const { id, name, created_at, expires_at, created_by } = stored;
      return { id, name, key, created_at, expires_at, created_by };
    }
    const user = await getItem(keys.user(userId));
    if (!user || user.state !== ACTIVE) throw new NotFoundError(USER_NOT_FOUND);
    if (attempt > 0 || (await forgetExpiredKeys(userId)) === 0) throw new LimitReachedError(TOO_MANY_KEYS);
  }
}

/** Stores an operator key (the command line's, or the local runtime's ADMIN_KEY); answers its id. */
export async function storeOperatorKey(key: string, name: string, source?: string): Promise<number> {
  const stored = await keyToStore(key, { name, expires_at: null, created_by: null });
  const outcome = await transact(keyPuts({ ...stored, ...(source && { source }) }, { kind: 'operator' }));
  if (!outcome.ok) throw new Error('The operator key could not be stored');
  return stored.id;
}

const windowOf = (page: number, perPage: number, cursor?: string): Window =>
  cursor ? { skip: 0, limit: perPage, cursor } : { skip: (page - 1) * perPage, limit: perPage };

/** A page of a user's keys, by id (their secrets are not stored, so not shown). */
export async function listUserKeys(
  userId: number,
  page: number,
  perPage: number,
  cursor?: string,
): Promise<Page<AccessKeyRecord>> {
  const { items, next } = await readWindow(accessPatterns.keysOfUser(userId), windowOf(page, perPage, cursor));
  return { items: items.map(toRecord), next };
}

/** A page of the operator keys, by id. */
export async function listOperatorKeys(
  page: number,
  perPage: number,
  cursor?: string,
): Promise<Page<OperatorKeyRecord>> {
  const { items, next } = await readWindow(accessPatterns.operatorKeys(), windowOf(page, perPage, cursor));
  return { items: items.map(toOperatorRecord), next };
}

/** Every operator key's listing item (a handful): the local runtime looks for its ADMIN_KEY's among them. */
export async function operatorKeyItems(): Promise<Item[]> {
  const found: Item[] = [];
  for await (const items of readAll(accessPatterns.operatorKeys())) found.push(...items);
  return found;
}

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
async function forgetExpiredKeys(userId: number): Promise<number> {
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

/**
 * Who a key is, or nothing for an unknown, revoked or expired one. One consistent read of its lookup item,
 * except for a key this instance reads many times a second (at most a second old: a revoked key stops
 * working within a second); expiry is checked on every request.
 */
export async function keyHolder(key: string, now = timestamp()): Promise<KeyHolder | undefined> {
  const hash = hashOfKey(key);
  const item = await hotReads.read(`key:${hash}`, () => getItem(keys.accessKey(hash)));
  if (!item) return undefined;
  if (item.expires_at_text !== undefined && String(item.expires_at_text) <= now) return undefined;
  const keyId = item.key_id === undefined ? undefined : Number(item.key_id);
  return item.kind === 'operator'
    ? { kind: 'operator', keyHash: hash, keyId }
    : { kind: 'user', userId: Number(item.user_id), keyHash: hash, keyId };
}
