import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { timestamp } from '../platform/clock.js';
import { NotFoundError } from '../platform/errors.js';
import { keys } from '../store/keys.js';
import { getItem, tableName, writeIf } from '../store/table.js';
import type { SkippedRow } from './user-rows.js';

/**
 * Bulk imports of users, kept in the table so that one outlives the request that started it
 * (docs/decisions.md, "Bulk imports"). The request reads the file into parts (`stageImportRows`) and saves the import
 * (`saveImport`); from then on whoever holds it, the request or the import worker, stores one part at a time
 * (`importNextPart`), each recorded on the import only once its users are stored. A part is given its user
 * ids before any is written, and they are kept on the import until the part is recorded: a part tried again
 * (a crash, a redelivery) finds the users it stored by those ids, so every row is counted once, stored or
 * skipped, and never half-written (a user and its guards are one transaction). The parts are import-parts.ts;
 * their rows stored as users, imported-users.ts.
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

/** How long an import and its parts are kept (TTL): its progress stays readable for a week. */
const IMPORT_KEPT_SECONDS = 7 * 24 * 3600;

/** When an import or one of its parts, written now, expires (its TTL). */
export const expiresAt = () => Math.floor(Date.now() / 1000) + IMPORT_KEPT_SECONDS;

/**
 * Saves a new import, its file read and its parts written. Its id is new: a failed condition is this very
 * write, retried by the SDK after its answer was lost.
 */
export async function saveImport(started: UserImport): Promise<void> {
  await writeIf(
    new PutCommand({
      TableName: tableName(),
      Item: { ...keys.userImport(started.import_id), ...started, expires_at: expiresAt() },
      ConditionExpression: 'attribute_not_exists(PK)',
    }),
  );
}

/** An import as its item holds it, without the item's keys and TTL. */
export const asImport = (item: Record<string, unknown>): UserImport => {
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
  await writeIf(
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
  );
}
