import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { timestamp } from '../platform/clock.js';
import { reserveIds } from '../store/ids.js';
import { keys } from '../store/keys.js';
import { documentClient, getItem, tableName, writeIf } from '../store/table.js';
import { storeRows } from './imported-users.js';
import { asImport, expiresAt, getImport, type UserImport } from './user-import.js';
import { firstSkipped, type SkippedRow, type UserRow } from './user-rows.js';

/** Rows of a part, and the most bytes of them: a part is one item, which DynamoDB holds to 400 KB. */
const ROWS_PER_PART = 1000;
const PART_BYTES = 300 * 1024;
/** Parts written at once while a file is read. */
const PARTS_IN_FLIGHT = 4;

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
  const claimed = await writeIf(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.userImport(current.import_id),
      UpdateExpression: 'SET part_first_id = :first',
      ConditionExpression: 'next_part = :part AND attribute_not_exists(part_first_id)',
      ExpressionAttributeValues: { ':first': firstId, ':part': current.next_part },
    }),
  );
  return claimed ? firstId : undefined;
}

/** Records a stored part on the import (once: the condition is that it is still the next), the last one done. */
async function recordPart(
  current: UserImport,
  outcome: { stored: number; skipped: SkippedRow[] },
): Promise<UserImport> {
  const next = current.next_part + 1;
  const out = await writeIf(
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
  // Not recorded: another holder recorded it first; the import as it is now.
  return out ? asImport(out.Attributes ?? {}) : getImport(current.import_id);
}
