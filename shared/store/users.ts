import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { Page, UserRecord } from '../domain/records.js';
import { timestamp } from '../platform/clock.js';
import { NotFoundError, RuleViolationError } from '../platform/errors.js';
import { hotReads } from './hot-key-cache.js';
import { idOfRequest, reserveIds } from './ids.js';
import { accessPatterns, indexAttributes, keys } from './keys.js';
import { readPage } from './list-pages.js';
import { toUserRecord } from './record-items.js';
import { whileConcurrentChangesWin } from './retry.js';
import { check, documentClient, getItem, type Item, put, remove, tableName, transact } from './table.js';

export const USER_NOT_FOUND = 'User not found';
const EMAIL_TAKEN = 'Email already registered';
const USERNAME_TAKEN = 'Username already registered';

/** Users are `active` until a delete marks them `deleting`; nothing can be attached to them after that. */
export const ACTIVE = 'active';

/**
 * The stored form of a user. `username_guarded` says whether this user holds its username's guard;
 * `email_guarded: false` marks a user who does not hold its email's (a seeded user whose email an earlier
 * seeded user has: load-seed.ts); every other user holds it.
 */
export function userItem(user: UserRecord, usernameGuarded: boolean, emailGuarded = true): Item {
  return {
    ...keys.user(user.id),
    ...indexAttributes.user(user.id),
    ...user,
    state: ACTIVE,
    username_guarded: usernameGuarded,
    ...(!emailGuarded && { email_guarded: false }),
  };
}

/** The guard items that make a user's email (and, when guarded, username) unique, in one transaction with the user. */
export function userGuardPuts(user: UserRecord, guardUsername: boolean) {
  return [
    put({ ...keys.emailGuard(user.email), user_id: user.id }, 'attribute_not_exists(PK)'),
    ...(guardUsername
      ? [put({ ...keys.usernameGuard(user.username), user_id: user.id }, 'attribute_not_exists(PK)')]
      : []),
  ];
}

/** A condition that the user exists and is not being deleted: for anything attached to a user. */
export const userIsActive = (userId: number) =>
  check(keys.user(userId), 'attribute_exists(PK) AND #state = :active', { ':active': ACTIVE }, { '#state': 'state' });

/**
 * Creates a user. The user and its email and username guards are written in one transaction, so the
 * database decides uniqueness: of many concurrent requests for one email, exactly one succeeds. A retry of a
 * request (`identity`: its Idempotency-Key) whose earlier attempt created the user answers that user.
 */
export async function createUser(input: { username: string; email: string }, identity?: string): Promise<UserRecord> {
  const { id, earlier } = identity
    ? await idOfRequest(identity, () => reserveIds('user'))
    : { id: await reserveIds('user'), earlier: false };
  const user: UserRecord = { id, username: input.username, email: input.email, created_at: timestamp() };
  const outcome = await transact([put(userItem(user, true), 'attribute_not_exists(PK)'), ...userGuardPuts(user, true)]);
  if (!outcome.ok) {
    const mine = earlier ? await getItem(keys.user(id)) : undefined;
    if (mine?.state === ACTIVE) return toUserRecord(mine);
    throw new RuleViolationError(outcome.failed.includes(1) ? EMAIL_TAKEN : USERNAME_TAKEN);
  }
  return user;
}

async function getActiveUserItem(userId: number): Promise<Item> {
  const item = await getItem(keys.user(userId));
  if (!item || item.state !== ACTIVE) throw new NotFoundError(USER_NOT_FOUND);
  return item;
}

export async function getUser(userId: number): Promise<UserRecord> {
  return toUserRecord(await getActiveUserItem(userId));
}

/**
 * One page of users ordered by id; reads `page * perPage` index entries (see docs/data-model.md). With a
 * cursor the page number is not used: the page is the `perPage` users after the cursor.
 */
export function listUsers(page: number, perPage: number, cursor?: string): Promise<Page<UserRecord>> {
  const window = cursor ? { skip: 0, limit: perPage, cursor } : { skip: (page - 1) * perPage, limit: perPage };
  return hotReads.read(`users:${JSON.stringify(window)}`, async () => {
    const { items, next } = await readPage(accessPatterns.allUsers(), window);
    return { items: items.map(toUserRecord), next };
  });
}

/**
 * Renames a user, moving the username guard in the same transaction: the old guard is released and the
 * new one taken, or nothing changes. A change of case only keeps the guard and just rewrites the name.
 */
export async function renameUser(userId: number, username: string): Promise<UserRecord> {
  return whileConcurrentChangesWin(async (retries) => {
    const current = await getActiveUserItem(userId);
    const renamed = { ...toUserRecord(current), username };
    const sameGuard = String(current.username).toLowerCase() === username.toLowerCase();
    const guarded = current.username_guarded === true;
    const updateUser = {
      Update: {
        TableName: tableName(),
        Key: keys.user(userId),
        UpdateExpression: 'SET username = :new, username_guarded = :guarded',
        ConditionExpression: '#state = :active AND username = :old',
        ExpressionAttributeNames: { '#state': 'state' },
        ExpressionAttributeValues: {
          ':new': username,
          ':old': current.username,
          ':active': ACTIVE,
          ':guarded': guarded || !sameGuard,
        },
      },
    };
    const guards = sameGuard
      ? []
      : [
          put({ ...keys.usernameGuard(username), user_id: userId }, 'attribute_not_exists(PK)'),
          ...(guarded
            ? [
                remove(keys.usernameGuard(String(current.username)), {
                  expression: 'user_id = :id',
                  values: { ':id': userId },
                }),
              ]
            : []),
        ];
    const outcome = await transact([updateUser, ...guards], retries);
    if (outcome.ok) return renamed;
    if (outcome.failed.includes(1)) throw new RuleViolationError(USERNAME_TAKEN);
    // The user changed between our read and our write (a concurrent rename or delete): read again.
    if (outcome.failed.includes(0)) return undefined;
    throw new Error(`The username guard of user ${userId} (${current.username}) is not the user's`);
  });
}

/** Whether the table holds any user at all (the startup seed loads only into a table without one). */
export async function anyUserExists(): Promise<boolean> {
  const out = await documentClient.send(
    new QueryCommand({ ...accessPatterns.allUsers(), TableName: tableName(), Limit: 1 }),
  );
  return (out.Items ?? []).length > 0;
}
