import type { UserRecord } from '../domain/records.js';
import { timestamp } from '../platform/clock.js';
import { forEachConcurrently } from '../store/bulk-writes.js';
import { type Key, keys } from '../store/keys.js';
import { getItems, put, transact } from '../store/table.js';
import { userGuardPuts, userItem } from '../store/users.js';
import type { SkippedRow, UserRow } from './user-rows.js';

/** Users per transaction: each writes up to three items, and a transaction holds at most 100. */
const USERS_PER_TRANSACTION = 33;
const CONCURRENCY = 8;
const BATCH_GET_LIMIT = 100;

interface PlannedUser {
  user: UserRecord;
  guardUsername: boolean;
  /** Its row in the file, to say which was skipped. */
  row: number;
}

/** Which of these guard keys exist already, read consistently 100 at a time. */
async function existingKeys(candidates: Key[]): Promise<Set<string>> {
  const found = new Set<string>();
  const unique = [...new Map(candidates.map((key) => [key.PK, key])).values()];
  const batches: Key[][] = [];
  for (let i = 0; i < unique.length; i += BATCH_GET_LIMIT) batches.push(unique.slice(i, i + BATCH_GET_LIMIT));
  await forEachConcurrently(batches, CONCURRENCY, async (batch) => {
    for (const item of (await getItems(batch)).values()) found.add(String(item.PK));
  });
  return found;
}

const writesOf = ({ user, guardUsername }: PlannedUser) => [
  put(userItem(user, guardUsername), 'attribute_not_exists(PK)'),
  ...userGuardPuts(user, guardUsername),
];

/**
 * Stores one row alone, after its chunk's transaction was cancelled: `true` if it is stored (now, or by an
 * earlier try of its part: its user exists under its id), or why it was not (registered meanwhile by another
 * request). A taken username skips the row, unless repeated usernames are allowed: then the user is stored
 * without the username's guard.
 */
async function storeAlone(planned: PlannedUser, allowDuplicateUsernames: boolean): Promise<true | string> {
  const outcome = await transact(writesOf(planned));
  if (outcome.ok || outcome.failed.includes(0)) return true;
  const usernameTaken = planned.guardUsername && outcome.failed.includes(2) && !outcome.failed.includes(1);
  if (usernameTaken && allowDuplicateUsernames) return storeAlone({ ...planned, guardUsername: false }, false);
  return usernameTaken ? 'username already registered' : 'email already registered';
}

/**
 * Stores a part's rows as users, with the same guards as POST /users: the row at index i gets id
 * `firstId + i`. Rows whose email (or, unless repeated usernames are allowed, username) is already
 * registered are skipped. The rest are written 33 users to a transaction, several transactions at once; a
 * transaction cancelled by a concurrent write is replayed row by row. A `resumed` part first looks for the
 * users an earlier try stored.
 */
export async function storeRows(
  rows: UserRow[],
  firstId: number,
  options: { resumed: boolean; allowDuplicateUsernames: boolean },
): Promise<{ stored: number; skipped: SkippedRow[] }> {
  const withIds = rows.map((row, index) => ({ row, id: firstId + index }));
  const storedBefore = new Set<number>();
  if (options.resumed) {
    for (const item of (await getItems(withIds.map(({ id }) => keys.user(id)))).values())
      storedBefore.add(Number(item.id));
  }
  const pending = withIds.filter(({ id }) => !storedBefore.has(id));
  const skipped: SkippedRow[] = [];
  const [takenEmails, takenUsernames] = await Promise.all([
    existingKeys(pending.map(({ row }) => keys.emailGuard(row.email))),
    existingKeys(pending.map(({ row }) => keys.usernameGuard(row.username))),
  ]);
  const guardedInPart = new Set<string>();
  const createdAt = timestamp();
  const planned = pending.flatMap(({ row, id }): PlannedUser[] => {
    const usernameGuard = keys.usernameGuard(row.username).PK;
    if (takenEmails.has(keys.emailGuard(row.email).PK)) {
      skipped.push({ row: row.row, reason: 'email already registered' });
      return [];
    }
    const usernameFree = !takenUsernames.has(usernameGuard) && !guardedInPart.has(usernameGuard);
    if (!usernameFree && !options.allowDuplicateUsernames) {
      skipped.push({ row: row.row, reason: 'username already registered' });
      return [];
    }
    if (usernameFree) guardedInPart.add(usernameGuard);
    return [
      {
        user: { id, username: row.username, email: row.email, created_at: createdAt },
        guardUsername: usernameFree,
        row: row.row,
      },
    ];
  });
  const chunks: PlannedUser[][] = [];
  for (let i = 0; i < planned.length; i += USERS_PER_TRANSACTION)
    chunks.push(planned.slice(i, i + USERS_PER_TRANSACTION));

  let stored = storedBefore.size;
  await forEachConcurrently(chunks, CONCURRENCY, async (chunk) => {
    const outcome = await transact(chunk.flatMap(writesOf));
    if (outcome.ok) {
      stored += chunk.length;
      return;
    }
    for (const user of chunk) {
      const alone = await storeAlone(user, options.allowDuplicateUsernames);
      if (alone === true) stored += 1;
      else skipped.push({ row: user.row, reason: alone });
    }
  });
  return { stored, skipped };
}
