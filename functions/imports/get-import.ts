import { getImportRoute } from '#shared/api/imports.js';
import { httpRoute } from '#shared/http/route.js';
import { serviceUrl } from '#shared/http/short-links.js';
import { getImport } from '#shared/users-import/user-import.js';
import { importProgress } from '#shared/users-import/user-imports.js';

/** GET /imports/{id}: a bulk import's progress, and once done its outcome (the operator's, in `keys` mode). */
export const handler = httpRoute(getImportRoute, async ({ path, event }) =>
  importProgress(await getImport(path.id), serviceUrl(event, `imports/${path.id}`)),
);
