import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { timestamp } from '../clock.js';
import { NotFoundError } from '../errors.js';
import type { UserRecord } from '../records.js';
import { firstSkipped, type SkippedRow, type UserRow } from '../users-import/user-rows.js';
import { forEachConcurrently } from './bulk-writes.js';
import { type Key, keys } from './keys.js';
import { conditionFailed, documentClient, getItem, getItems, put, reserveIds, tableName, transact } from './table.js';
import { userGuardPuts, userItem } from './users.js';

/**
 * Bulk imports of users, kept in the table so that one outlives the request that started it
 * (docs/decisions.md, "Bulk imports"). The request reads the file into parts (`stageImportRows`) and saves the import
 * (`saveImport`); from then on whoever holds it, the request or the import worker, stores one part at a time
 * (`importNextPart`), each recorded on the import only once its users are stored. A part is given its user
 * ids before any is written, and they are kept on the import until the part is recorded: a part tried again
 * (a crash, a redelivery) finds the users it stored by those ids, so every row is counted once, stored or
 * skipped, and never half-written (a user and its guards are one transaction).
 */

const IMPORT_NOT_FOUND = 'Import not found';

/** An import's id: a random UUID, lower-case. */
const IMPORT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

type ImportStatus = 'running' | 'done' | 'failed';

/** An import as stored. */
export interface UserImport {
  import_id: string;
  status: ImportStatus;
  /** Data rows in the file, the header not counted. */
  rows_read: number;
  /** Users stored so far. */
  count: number;
  /** Rows skipped so far: how many, and the first 100 by row. */
  skipped_total: number;
  skipped: SkippedRow[];
  /** Parts of valid rows, and the next one to store. */
  parts: number;
  next_part: number;
  /** The first of the ids given to the part being stored, until it is recorded. */
  part_first_id?: number;
  allow_duplicate_usernames: boolean;
  created_at: string;
  updated_at: string;
  /** Why a failed import stopped. */
  detail?: string;
}

/** Rows of a part, and the most bytes of them: a part is one item, which DynamoDB holds to 400 KB. */
const ROWS_PER_PART = 1000;
const PART_BYTES = 300 * 1024;
/** Parts written at once while a file is read. */
const PARTS_IN_FLIGHT = 4;
/** How long an import and its parts are kept (TTL): its progress stays readable for a week. */
const IMPORT_KEPT_SECONDS = 7 * 24 * 3600;

/** Users per transaction: each writes up to three items, and a transaction holds at most 100. */
const USERS_PER_TRANSACTION = 33;
const CONCURRENCY = 8;
const BATCH_GET_LIMIT = 100;

const expiresAt = () => Math.floor(Date.now() / 1000) + IMPORT_KEPT_SECONDS;

type StoredRow = [row: number, username: string, email: string];

/**
 * Writes rows into an import's parts as they come (`add`), a few parts in flight; `finish` writes the last
 * and answers how many parts there are.
 */
export function stageImportRows(importId: string) {
  let rows: StoredRow[] = [];
  let bytes = 0;
  let parts = 0;
  const inFlight = new Set<Promise<unknown>>();
  let failure: unknown;
  const flush = async () => {
    if (rows.length === 0) return;
    const write = documentClient
      .send(
        new PutCommand({
          TableName: tableName(),
          Item: { ...keys.userImportPart(importId, parts), rows: JSON.stringify(rows), expires_at: expiresAt() },
        }),
      )
      .catch((error: unknown) => {
        failure ??= error;
      })
      .finally(() => inFlight.delete(write));
    inFlight.add(write);
    parts += 1;
    rows = [];
    bytes = 0;
    while (inFlight.size >= PARTS_IN_FLIGHT) await Promise.race(inFlight);
    if (failure) throw failure;
  };
  return {
    async add(row: UserRow) {
      rows.push([row.row, row.username, row.email]);
      bytes += row.username.length + row.email.length + 16;
      if (rows.length >= ROWS_PER_PART || bytes >= PART_BYTES) await flush();
    },
    async finish(): Promise<number> {
      await flush();
      await Promise.all(inFlight);
      if (failure) throw failure;
      return parts;
    },
  };
}

/**
 * Saves a new import, its file read and its parts written. Its id is new: a failed condition is this very
 * write, retried by the SDK after its answer was lost.
 */
export async function saveImport(started: UserImport): Promise<void> {
  await documentClient
    .send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...keys.userImport(started.import_id), ...started, expires_at: expiresAt() },
        ConditionExpression: 'attribute_not_exists(PK)',
      }),
    )
    .catch((error: unknown) => {
      if (!conditionFailed(error)) throw error;
    });
}

const asImport = (item: Record<string, unknown>): UserImport => {
  const { PK: _pk, SK: _sk, expires_at: _expires, ...stored } = item;
  return stored as unknown as UserImport;
};

/** An import, read consistently; a 404 for one that does not exist (or has expired). */
export async function getImport(importId: string): Promise<UserImport> {
  if (!IMPORT_ID.test(importId)) throw new NotFoundError(IMPORT_NOT_FOUND);
  const item = await getItem(keys.userImport(importId));
  if (!item) throw new NotFoundError(IMPORT_NOT_FOUND);
  return asImport(item);
}

/** Marks an import failed, with why, unless it finished meanwhile. */
export async function failImport(importId: string, detail: string): Promise<void> {
  await documentClient
    .send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.userImport(importId),
        UpdateExpression: 'SET #status = :failed, detail = :detail, updated_at = :now',
        ConditionExpression: '#status = :running',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':failed': 'failed',
          ':running': 'running',
          ':detail': detail,
          ':now': timestamp(),
        },
      }),
    )
    .catch((error: unknown) => {
      if (!conditionFailed(error)) throw error;
    });
}

/**
 * Stores the import's next part and records it (or finds that another holder did): answers the import as it
 * is afterwards. An import that is not running is answered as it is.
 */
export async function importNextPart(current: UserImport): Promise<UserImport> {
  if (current.status !== 'running') return current;
  const part = current.next_part;
  if (part >= current.parts) return recordPart(current, { stored: 0, skipped: [] });
  const rows = await readPart(current.import_id, part);
  const resumed = current.part_first_id !== undefined;
  const firstId = current.part_first_id ?? (await claimPartIds(current, rows.length));
  if (firstId === undefined) return getImport(current.import_id);
  const outcome = await storeRows(rows, firstId, {
    resumed,
    allowDuplicateUsernames: current.allow_duplicate_usernames,
  });
  return recordPart(current, outcome);
}

async function readPart(importId: string, part: number): Promise<UserRow[]> {
  const item = await getItem(keys.userImportPart(importId, part));
  if (!item) throw new Error(`Part ${part} of import ${importId} is missing`);
  return (JSON.parse(String(item.rows)) as StoredRow[]).map(([row, username, email]) => ({ row, username, email }));
}

/**
 * Gives the part one id per row, kept on the import, unless another holder gave it ids first (then
 * `undefined`: read the import again). Rows found already registered leave their ids unused.
 */
async function claimPartIds(current: UserImport, count: number): Promise<number | undefined> {
  const firstId = await reserveIds('user', count);
  try {
    await documentClient.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.userImport(current.import_id),
        UpdateExpression: 'SET part_first_id = :first',
        ConditionExpression: 'next_part = :part AND attribute_not_exists(part_first_id)',
        ExpressionAttributeValues: { ':first': firstId, ':part': current.next_part },
      }),
    );
    return firstId;
  } catch (error) {
    if (!conditionFailed(error)) throw error;
    return undefined;
  }
}

/** Records a stored part on the import (once: the condition is that it is still the next), the last one done. */
async function recordPart(
  current: UserImport,
  outcome: { stored: number; skipped: SkippedRow[] },
): Promise<UserImport> {
  const next = current.next_part + 1;
  try {
    const out = await documentClient.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.userImport(current.import_id),
        UpdateExpression:
          'SET next_part = :next, #count = #count + :stored, skipped_total = skipped_total + :skippedCount, ' +
          'skipped = :skipped, #status = :status, updated_at = :now REMOVE part_first_id',
        ConditionExpression: 'next_part = :part AND #status = :running',
        ExpressionAttributeNames: { '#count': 'count', '#status': 'status' },
        ExpressionAttributeValues: {
          ':next': next,
          ':part': current.next_part,
          ':stored': outcome.stored,
          ':skippedCount': outcome.skipped.length,
          ':skipped': firstSkipped([...current.skipped, ...outcome.skipped]),
          ':status': next >= current.parts ? 'done' : 'running',
          ':running': 'running',
          ':now': timestamp(),
        },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return asImport(out.Attributes ?? {});
  } catch (error) {
    if (!conditionFailed(error)) throw error;
    return getImport(current.import_id);
  }
}

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
async function storeRows(
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
