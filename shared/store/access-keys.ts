import { createHash, randomBytes } from 'node:crypto';
import { timestamp } from '../platform/clock.js';
import { hotReads } from './hot-key-cache.js';
import { keys } from './keys.js';
import { getItem } from './table.js';

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

type KeyKind = 'user' | 'operator';

/** Who a valid key is: `keyHash` names the key itself (what idempotency keys are scoped to), `keyId` its record. */
export type KeyHolder =
  | { kind: 'operator'; keyHash: string; keyId: number | undefined }
  | { kind: 'user'; userId: number; keyHash: string; keyId: number | undefined };

/** Whose a key is, as its items record it: a user's (listed and counted under the user) or the operators'. */
export type Holder = { kind: 'operator' } | { kind: 'user'; userId: number };

export const PREFIX: Record<KeyKind, string> = { user: 'usk_', operator: 'ask_' };

/** What a key looks like: its kind's prefix and at least 28 more URL-safe characters (32 in all). */
export const keyPattern = /^(usk|ask)_[A-Za-z0-9_-]{28,}$/;

export const hashOfKey = (key: string): string => createHash('sha256').update(key).digest('hex');

export const newSecret = (kind: KeyKind) => `${PREFIX[kind]}${randomBytes(32).toString('base64url')}`;

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
