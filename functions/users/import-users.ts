import { readUploadedFile } from '#shared/http/multipart.js';
import { httpRoute } from '#shared/http/route.js';
import { importUsers } from '#shared/store/user-import.js';
import { parseUserCsv } from '#shared/users-import/user-csv.js';

/** The contract's largest CSV; base64 in the Lambda payload it stays under the 6 MB invocation limit. */
const MAX_CSV_BYTES = 4 * 1024 * 1024;

/** POST /users/bulk: multipart field `file`, a CSV of users; answers `{"count": n}` of users stored. */
export const handler = httpRoute({}, async ({ event }) => {
  const file = await readUploadedFile(event, 'file', MAX_CSV_BYTES);
  const csv = parseUserCsv(file.filename, file.content);
  return { count: await importUsers(csv.rows, { allowDuplicateUsernames: csv.hasIdColumn }) };
});
