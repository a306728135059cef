import { timestamp } from '../clock.js';
import { UnavailableError } from '../errors.js';
import type { UserRecord } from '../records.js';
import type { ParsedUserCsv, SkippedRow, UserRow } from '../users-import/user-csv.js';
import { forEachConcurrently } from './bulk-writes.js';
import { type Key, keys } from './keys.js';
import { getItems, put, reserveIds, transact } from './table.js';
import { userGuardPuts, userItem } from './users.js';

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
 * Stores one user on its own, after its chunk's transaction was cancelled by a concurrent write. A taken
 * email skips the row; a taken username skips it too, unless repeated usernames are allowed, in which case
 * the user is stored without the username's guard.
 */
/** Stores one row alone: `true`, or why it was not (registered meanwhile by another request). */
async function storeAlone(planned: PlannedUser, allowDuplicateUsernames: boolean): Promise<true | string> {
  const outcome = await transact(writesOf(planned));
  if (outcome.ok) return true;
  const usernameTaken = planned.guardUsername && outcome.failed.includes(2) && !outcome.failed.includes(1);
  if (usernameTaken && allowDuplicateUsernames) return storeAlone({ ...planned, guardUsername: false }, false);
  return usernameTaken ? 'username already registered' : 'email already registered';
}

const interrupted = (stored: number, total: number, cause?: unknown) =>
  new UnavailableError(
    `Import stopped after storing ${stored} of ${total} new rows; uploading the same file again imports the rest`,
    { cause },
  );

/**
 * Imports parsed CSV rows as users, with the same guards as POST /users. Rows whose email (or, unless
 * repeated usernames are allowed, username) is already registered are skipped. The rest get consecutive
 * ids from one counter update and are written 33 users to a transaction, several transactions at once; a
 * transaction cancelled by a concurrent registration is replayed row by row. Returns how many users were
 * stored. An unexpected failure, or reaching `deadline` (epoch ms) before the last chunk starts, stops the
 * import with a 503 saying how many rows were stored; every row is written whole or not at all, so
 * uploading the same file again imports the rest.
 */
export async function importUsers(
  rows: UserRow[],
  options: { allowDuplicateUsernames: boolean; deadline: number },
): Promise<{ stored: number; skipped: SkippedRow[] }> {
  const skipped: SkippedRow[] = [];
  const [takenEmails, takenUsernames] = await Promise.all([
    existingKeys(rows.map((row) => keys.emailGuard(row.email))),
    existingKeys(rows.map((row) => keys.usernameGuard(row.username))),
  ]);
  const guardedInFile = new Set<string>();
  const accepted = rows.flatMap((row) => {
    const usernameGuard = keys.usernameGuard(row.username).PK;
    if (takenEmails.has(keys.emailGuard(row.email).PK)) {
      skipped.push({ row: row.row, reason: 'email already registered' });
      return [];
    }
    const usernameFree = !takenUsernames.has(usernameGuard) && !guardedInFile.has(usernameGuard);
    if (!usernameFree && !options.allowDuplicateUsernames) {
      skipped.push({ row: row.row, reason: 'username already registered' });
      return [];
    }
    if (usernameFree) guardedInFile.add(usernameGuard);
    return [{ row, guardUsername: usernameFree }];
  });
  if (accepted.length === 0) return { stored: 0, skipped };

  const firstId = await reserveIds('user', accepted.length);
  const createdAt = timestamp();
  const planned: PlannedUser[] = accepted.map(({ row, guardUsername }, index) => ({
    user: { id: firstId + index, username: row.username, email: row.email, created_at: createdAt },
    guardUsername,
    row: row.row,
  }));
  const chunks: PlannedUser[][] = [];
  for (let i = 0; i < planned.length; i += USERS_PER_TRANSACTION)
    chunks.push(planned.slice(i, i + USERS_PER_TRANSACTION));

  let stored = 0;
  let stoppedEarly = false;
  try {
    await forEachConcurrently(chunks, CONCURRENCY, async (chunk) => {
      if (Date.now() >= options.deadline) {
        stoppedEarly = true;
        return;
      }
      const outcome = await transact(chunk.flatMap(writesOf));
      if (outcome.ok) {
        stored += chunk.length;
        return;
      }
      for (const user of chunk) {
        const outcome = await storeAlone(user, options.allowDuplicateUsernames);
        if (outcome === true) stored += 1;
        else skipped.push({ row: user.row, reason: outcome });
      }
    });
  } catch (error) {
    throw interrupted(stored, planned.length, error);
  }
  if (stoppedEarly) throw interrupted(stored, planned.length);
  return { stored, skipped: skipped.sort((a, b) => a.row - b.row) };
}

/** The most skipped rows an answer lists; `skipped_total` counts them all. */
const MAX_SKIPPED_LISTED = 100;

/** What POST /users/bulk answers: the spec's `count`, then which rows were skipped and why (extensions). */
export interface ImportReport {
  count: number;
  skipped: SkippedRow[];
  skipped_total: number;
}

/** Imports a parsed CSV file and reports it: the users stored, and the rows skipped (the first 100), by row. */
export async function importUserCsv(csv: ParsedUserCsv, deadline: number): Promise<ImportReport> {
  const { stored, skipped } = await importUsers(csv.rows, { allowDuplicateUsernames: csv.hasIdColumn, deadline });
  const all = [...csv.skipped, ...skipped].sort((a, b) => a.row - b.row);
  return { count: stored, skipped: all.slice(0, MAX_SKIPPED_LISTED), skipped_total: all.length };
}
