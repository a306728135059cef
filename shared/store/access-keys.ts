import { createHash, randomBytes } from 'node:crypto';
import { timestamp } from '../clock.js';
import { NotFoundError } from '../errors.js';
import { deleteKeys } from './bulk-writes.js';
import { accessPatterns, keys } from './keys.js';
import { readAll } from './list-windows.js';
import { hotReads } from './scale/hot-key-cache.js';
import { getItem, type Item, itemKey, put, remove, reserveIds, transact } from './table.js';
import { USER_NOT_FOUND, userIsActive } from './users.js';

/**
 * Access keys (CONTRACT.md, "Access keys and ownership"). A key is `usk_` (a user's) or `ask_` (an
 * operator's) and 43 characters of 32 random bytes; only the SHA-256 of it is stored, which is enough for a
 * secret of that entropy (a slow hash protects guessable passwords; nobody guesses 256 random bits). It is
 * shown once, when it is made. A request's key is looked up by its hash: one read, or none while the key is
 * hot (the one-second rule), so a revoked key stops working within a second.
 */

export const KEY_NOT_FOUND = 'Key not found';

export type KeyKind = 'user' | 'operator';

/** A key as its user lists it. */
export interface AccessKeyRecord {
  id: number;
  name: string;
  /** The key's first 8 characters, to tell keys apart. */
  prefix: string;
  created_at: string;
  expires_at: string | null;
}

/** A key as it is made: the only time the key itself is shown. */
export interface NewAccessKey {
  id: number;
  name: string;
  key: string;
  created_at: string;
  expires_at: string | null;
}

/** Who a valid key is; `keyHash` names the key itself (what idempotency keys are scoped to). */
export type KeyHolder = { kind: 'operator'; keyHash: string } | { kind: 'user'; userId: number; keyHash: string };

export type Holder = { kind: 'operator' } | { kind: 'user'; userId: number };

export const PREFIX: Record<KeyKind, string> = { user: 'usk_', operator: 'ask_' };

/** What a key looks like: its kind's prefix and at least 28 more URL-safe characters (32 in all). */
export const keyPattern = /^(usk|ask)_[A-Za-z0-9_-]{28,}$/;

export const hashOfKey = (key: string): string => createHash('sha256').update(key).digest('hex');

export const newSecret = (kind: KeyKind) => `${PREFIX[kind]}${randomBytes(32).toString('base64url')}`;

const toRecord = (item: Item): AccessKeyRecord => ({
  id: Number(item.key_id),
  name: String(item.name),
  prefix: String(item.prefix),
  created_at: String(item.created_at),
  expires_at: item.expires_at_text === undefined ? null : String(item.expires_at_text),
});

/** The lookup item of a key: whose it is, and until when (stored as the contract's timestamp). */
export function accessKeyItem(hash: string, holder: Holder, fields: { name: string; expires_at: string | null }): Item {
  return {
    ...keys.accessKey(hash),
    kind: holder.kind,
    ...(holder.kind === 'user' && { user_id: holder.userId }),
    name: fields.name,
    ...(fields.expires_at !== null && { expires_at_text: fields.expires_at }),
  };
}

/** Makes a key for a user (who must exist and not be being deleted); answers it with the key, once. */
export async function createUserKey(
  userId: number,
  fields: { name: string; expires_at?: string | null },
): Promise<NewAccessKey> {
  const id = await reserveIds('key');
  const key = newSecret('user');
  const hash = hashOfKey(key);
  const made = { id, name: fields.name, key, created_at: timestamp(), expires_at: fields.expires_at ?? null };
  const outcome = await transact([
    userIsActive(userId),
    put(accessKeyItem(hash, { kind: 'user', userId }, made), 'attribute_not_exists(PK)'),
    put(
      {
        ...keys.userKey(userId, id),
        key_id: id,
        name: made.name,
        prefix: key.slice(0, 8),
        created_at: made.created_at,
        ...(made.expires_at !== null && { expires_at_text: made.expires_at }),
        hash,
      },
      'attribute_not_exists(PK)',
    ),
  ]);
  if (!outcome.ok) throw new NotFoundError(USER_NOT_FOUND);
  return made;
}

/** A user's keys, by id (their secrets are not stored, so not shown). */
export async function listUserKeys(userId: number): Promise<AccessKeyRecord[]> {
  const found: AccessKeyRecord[] = [];
  for await (const items of readAll(accessPatterns.keysOfUser(userId))) found.push(...items.map(toRecord));
  return found;
}

/** Revokes one of a user's keys: its lookup item goes in the same transaction as its listing. */
export async function revokeUserKey(userId: number, keyId: number): Promise<void> {
  const listed = await getItem(keys.userKey(userId, keyId));
  if (!listed) throw new NotFoundError(KEY_NOT_FOUND);
  const outcome = await transact([
    remove(keys.userKey(userId, keyId), { expression: 'attribute_exists(PK)' }),
    remove(keys.accessKey(String(listed.hash))),
  ]);
  if (!outcome.ok) throw new NotFoundError(KEY_NOT_FOUND);
}

/** Deletes every key of a user (its deletion's cascade): the lookup items first, then the listing. */
export async function deleteKeysOfUser(userId: number): Promise<void> {
  for await (const items of readAll(accessPatterns.keysOfUser(userId))) {
    await deleteKeys(items.map((item) => keys.accessKey(String(item.hash))));
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
  return item.kind === 'operator'
    ? { kind: 'operator', keyHash: hash }
    : { kind: 'user', userId: Number(item.user_id), keyHash: hash };
}
