import { createHash } from 'node:crypto';
import type { APIGatewayProxyEvent } from 'aws-lambda';
import { idempotentRequests } from '#shared/http/idempotency.js';
import { readUploadedFile } from '#shared/http/multipart.js';
import { httpRoute } from '#shared/http/route.js';
import { importUserCsv } from '#shared/store/user-import.js';
import { parseUserCsv } from '#shared/users-import/user-csv.js';

/** The contract's largest CSV; base64 in the Lambda payload it stays under the 6 MB invocation limit. */
const MAX_CSV_BYTES = 4 * 1024 * 1024;

/** Time kept back from the function's timeout to finish the chunks in flight and answer. */
const ANSWER_MARGIN_MS = 8000;

/** An upload's name and content, by which a repeated import (same Idempotency-Key) is compared. */
const uploadFingerprint = async ({ event }: { event: APIGatewayProxyEvent }) => {
  const file = await readUploadedFile(event, 'file', MAX_CSV_BYTES);
  return { filename: file.filename, sha256: createHash('sha256').update(file.content).digest('base64') };
};

/**
 * POST /users/bulk: multipart field `file`, a CSV of users; answers `{"count": n}` of users stored, and which
 * rows were skipped and why.
 */
export const handler = httpRoute(
  { access: 'operator', idempotent: idempotentRequests(uploadFingerprint) },
  async ({ event, context }) => {
    const file = await readUploadedFile(event, 'file', MAX_CSV_BYTES);
    const csv = parseUserCsv(file.filename, file.content);
    const deadline = Date.now() + context.getRemainingTimeInMillis() - ANSWER_MARGIN_MS;
    return importUserCsv(csv, deadline);
  },
);
