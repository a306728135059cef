import { randomUUID } from 'node:crypto';
import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { timestamp } from '../platform/clock.js';
import { serviceConfig } from '../platform/config.js';
import { logger } from '../platform/logger.js';
import { importNextPart, stageImportRows } from './import-parts.js';
import { readUserCsv } from './user-csv.js';
import { failImport, getImport, saveImport, type UserImport } from './user-import.js';
import type { SkippedRow } from './user-rows.js';

/**
 * Bulk imports of users, from the request that uploads the file to the worker that finishes what the
 * request could not (docs/decisions.md, "Bulk imports"). The file is read whole first: a file the contract
 * refuses (not UTF-8, malformed, missing columns) imports nothing. Its valid rows are then stored part by
 * part while the request's time lasts; what is left is queued for the import worker
 * (functions/imports/continue-imports.ts), which goes on from the last part recorded.
 */

/** The message that hands an import to the worker. */
export interface ImportMessage {
  import_id: string;
}

/** Reads an uploaded file into a new import, then stores its rows until `deadline` (epoch ms). */
export async function startUserImport(
  file: { filename: string; content: Buffer },
  deadline: number,
): Promise<UserImport> {
  const importId = randomUUID();
  const staged = stageImportRows(importId);
  const summary = await readUserCsv(file.filename, file.content, (row) => staged.add(row));
  const parts = await staged.finish();
  const now = timestamp();
  const started: UserImport = {
    import_id: importId,
    status: parts === 0 ? 'done' : 'running',
    rows_read: summary.rowsRead,
    count: 0,
    skipped_total: summary.skippedTotal,
    skipped: summary.skipped,
    parts,
    next_part: 0,
    allow_duplicate_usernames: summary.hasIdColumn,
    created_at: now,
    updated_at: now,
  };
  await saveImport(started);
  try {
    return await storeParts(started, deadline);
  } catch (error) {
    // The import is saved and every part recorded so far stands: the worker goes on from there.
    logger.warn('An import stopped in its request; the worker goes on with it', { importId, error: error as Error });
    return started;
  }
}

/** Goes on with an import until it is done or `deadline` (epoch ms) comes: the worker's part. */
export async function continueUserImport(importId: string, deadline: number): Promise<UserImport> {
  return storeParts(await getImport(importId), deadline);
}

/** Stores parts, one after another, while the import runs and time is left. */
async function storeParts(current: UserImport, deadline: number): Promise<UserImport> {
  let progress = current;
  while (progress.status === 'running' && Date.now() < deadline) progress = await importNextPart(progress);
  return progress;
}

// The request waits for this send: an unreachable queue must not hold it past its answer.
const sqs = new SQSClient({ requestHandler: { connectionTimeout: 1000, requestTimeout: 2000 } });

/** Queues an import for the worker, to be picked up after `delaySeconds`. */
export async function queueImport(importId: string, delaySeconds = 0): Promise<void> {
  const queueUrl = serviceConfig().importsQueueUrl;
  if (!queueUrl) throw new Error('Configuration error: IMPORTS_QUEUE_URL is not set');
  const message: ImportMessage = { import_id: importId };
  await sqs.send(
    new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: JSON.stringify(message), DelaySeconds: delaySeconds }),
  );
}

/**
 * Hands an import its request could not finish to the worker. If the queue cannot take it, the import is
 * marked failed, saying how far it got, and the error goes on (a 503 for the request).
 */
export async function handOffImport(progress: UserImport): Promise<void> {
  try {
    await queueImport(progress.import_id);
  } catch (error) {
    await failImport(progress.import_id, stoppedDetail(progress)).catch(() => undefined);
    throw error;
  }
}

/** Why an import stopped, with how far it got: uploading the file again imports the rest. */
export const stoppedDetail = (progress: Pick<UserImport, 'count' | 'rows_read'>) =>
  `Import stopped after storing ${progress.count} users of ${progress.rows_read} rows; uploading the same file again imports the rest`;

/** Skipped rows as answered, `row` then `reason` (a map read back from the table keeps no order). */
const skippedRows = (skipped: readonly SkippedRow[]): SkippedRow[] =>
  skipped.map(({ row, reason }) => ({ row, reason }));

/** A finished import as POST /users/bulk answers it: the spec's `count`, and the rows skipped and why. */
export const importSummary = (done: UserImport): { count: number; skipped: SkippedRow[]; skipped_total: number } => ({
  count: done.count,
  skipped: skippedRows(done.skipped),
  skipped_total: done.skipped_total,
});

/** What GET /imports/{id} and POST /users/bulk's 202 answer; the import command reads it too. */
export type ImportProgress = ReturnType<typeof importProgress>;

/** An import as GET /imports/{id} answers it (and POST /users/bulk's 202): its progress, then its outcome. */
export const importProgress = (progress: UserImport, statusUrl: string) => ({
  import_id: progress.import_id,
  status: progress.status,
  rows_read: progress.rows_read,
  count: progress.count,
  skipped_total: progress.skipped_total,
  status_url: statusUrl,
  ...(progress.status === 'done' && { skipped: skippedRows(progress.skipped) }),
  ...(progress.status === 'failed' && { detail: progress.detail }),
});
