import { createHash } from 'node:crypto';
import type { APIGatewayProxyEvent } from 'aws-lambda';
import { importUsersRoute } from '#shared/api/imports.js';
import { Answer } from '#shared/http/answer.js';
import { idempotentRequests } from '#shared/http/idempotency.js';
import { readUploadedFile } from '#shared/http/multipart.js';
import { httpRoute } from '#shared/http/route.js';
import { serviceUrl } from '#shared/http/short-links.js';
import { serviceConfig } from '#shared/platform/config.js';
import { handOffImport, importProgress, importSummary, startUserImport } from '#shared/users-import/user-imports.js';

/** The contract's largest CSV; base64 in the Lambda payload it stays under the 6 MB invocation limit. */
const MAX_CSV_BYTES = 4 * 1024 * 1024;

/** Time kept back from the function's timeout to finish the part in flight and answer. */
const ANSWER_MARGIN_MS = 8000;

/** An upload's name and content, by which a repeated import (same Idempotency-Key) is compared. */
const uploadFingerprint = async ({ event }: { event: APIGatewayProxyEvent }) => {
  const file = await readUploadedFile(event, 'file', MAX_CSV_BYTES);
  return { filename: file.filename, sha256: createHash('sha256').update(file.content).digest('base64') };
};

/**
 * POST /users/bulk: multipart field `file`, a CSV of users. An import done within the request answers
 * `{"count": n}` of users stored, and which rows were skipped and why; a longer one answers 202 with where
 * to follow it (GET /imports/{id}) and goes on in the import worker.
 */
export const handler = httpRoute(
  importUsersRoute,
  { idempotent: idempotentRequests(uploadFingerprint) },
  async ({ event, context }) => {
    // How long the import may keep the request (IMPORT_ANSWER_WITHIN_MS), and never past the function's time.
    const startedAt = Date.now();
    const file = await readUploadedFile(event, 'file', MAX_CSV_BYTES);
    const deadline = Math.min(
      startedAt + serviceConfig().importAnswerWithinMs,
      startedAt + context.getRemainingTimeInMillis() - ANSWER_MARGIN_MS,
    );
    const progress = await startUserImport(file, deadline);
    if (progress.status === 'done') return importSummary(progress);
    await handOffImport(progress);
    const statusUrl = serviceUrl(event, `imports/${progress.import_id}`);
    return new Answer(202, importProgress(progress, statusUrl), { Location: statusUrl });
  },
);
