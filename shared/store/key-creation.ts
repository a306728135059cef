import { MAX_ACTIVE_KEYS } from '../domain/access-key-rules.js';
import { timestamp } from '../platform/clock.js';
import { LimitReachedError, NotAuthenticatedError, NotFoundError } from '../platform/errors.js';
import { type Holder, hashOfKey, newSecret } from './access-keys.js';
import { reserveIds } from './ids.js';
import { forgetExpiredKeys } from './key-revocation.js';
import { keys } from './keys.js';
import { check, getItem, put, type TransactItem, transact, update } from './table.js';
import { ACTIVE, USER_NOT_FOUND } from './users.js';

const TOO_MANY_KEYS = 'Too many keys';
/** A key as it is made: the only time the key itself is shown. */
export interface NewAccessKey {
  id: number;
  name: string;
  key: string;
  created_at: string;
  expires_at: string | null;
  created_by: number | null;
}

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
 * The key that asks for a key still exists when the new one is written. Its revocation removes it first, then
 * looks for the keys it made (key-revocation.ts): a key written after that removal is refused here, one written
 * before it is found then, so no key a revoked key made outlives it, however close the two requests.
 */
const makerStillExists = (makerId: number) => check(keys.keyById(makerId), 'attribute_exists(PK)');

/**
 * Makes a key for a user (who must exist, not be being deleted, and have fewer than MAX_ACTIVE_KEYS);
 * `createdBy` is the user key that asks, or null. Answers it with the key, once. At the limit, the user's
 * expired keys are forgotten first: they count until then. A key that asks while it is being revoked is no
 * longer one (401).
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
    const writes = [countOneMoreKey(userId), ...keyPuts(stored, { kind: 'user', userId })];
    const outcome = await transact(createdBy === null ? writes : [...writes, makerStillExists(createdBy)]);
    if (outcome.ok) {
      const { id, name, created_at, expires_at, created_by } = stored;
      return { id, name, key, created_at, expires_at, created_by };
    }
    if (outcome.failed.includes(writes.length)) throw new NotAuthenticatedError();
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
