/**
 * A file's rows as an import handles them, apart from the CSV reader (user-csv.ts): the store keeps them in an
 * import's parts and on the import itself, and the store must not depend on the request schemas (and through
 * them the route table) that the reader checks rows with.
 */

export interface UserRow {
  username: string;
  email: string;
  /** Its place among the file's data rows, from 1 (the line after the header). */
  row: number;
}

/** A row not imported, and why. */
export interface SkippedRow {
  row: number;
  reason: string;
}

/** The most skipped rows an answer lists (the first by row); `skipped_total` counts them all. */
export const MAX_SKIPPED_LISTED = 100;

/** The first `MAX_SKIPPED_LISTED` of skipped rows, by row. */
export const firstSkipped = (rows: readonly SkippedRow[]): SkippedRow[] =>
  [...rows].sort((a, b) => a.row - b.row).slice(0, MAX_SKIPPED_LISTED);
