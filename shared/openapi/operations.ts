import { abuseOperations } from './abuse-operations.js';
import { eventOperations } from './event-operations.js';
import { importOperations } from './import-operations.js';
import { keyOperations } from './key-operations.js';
import type { OperationEntry } from './operation-entry.js';
import { pageOperations } from './page-operations.js';
import { urlOperations } from './url-operations.js';
import { userOperations } from './user-operations.js';

/**
 * The route table's operations, keyed `${method} ${path}` as in `routes.ts`. A route without an entry, or an
 * entry without a route, stops the build, so the description cannot drift from the route table.
 */
export const operations: Record<string, OperationEntry> = {
  ...pageOperations,
  ...userOperations,
  ...importOperations,
  ...keyOperations,
  ...urlOperations,
  ...eventOperations,
  ...abuseOperations,
};
