/** The contract's timestamp: UTC, ISO 8601, millisecond precision, no zone suffix (`2026-11-22T01:33:12.123`). */
export function timestamp(at: Date = new Date()): string {
  return at.toISOString().slice(0, 23);
}
