import { deleteKeys } from './bulk-writes.js';
import { accessPatterns, type StatsScope } from './keys.js';
import { readAll } from './list-pages.js';
import { itemKey } from './table.js';

/**
 * Deletes a scope's statistics outright: a deleted link's or user's. The clicks of a deleted link come out of
 * its owner's statistics as its events are deleted (stats-counting.ts counts the deletions).
 */
export async function deleteClickStats(scope: StatsScope): Promise<void> {
  for await (const items of readAll(accessPatterns.statsOfScope(scope))) await deleteKeys(items.map(itemKey));
}
